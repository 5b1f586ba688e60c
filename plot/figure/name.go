package figure

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strconv"
	"strings"
)

// stemHashLens are the lengths, in hex digits, of the hash suffix a stem
// gets on a collision: 0 (none, the plain stem), then 8; longer only when
// the shorter ones still collide.
var stemHashLens = [...]int{0, 8, 16, 64}

// maxStem is the longest plain stem: a longer one is cut and always gets
// its hash suffix, so that a judge's stem, a criterion's and the suffixes
// (".lsus.", ".svg") stay within the 255 bytes a file name may have.
const maxStem = 100

// Stems returns the file-name stem of each distinct name of names: the
// name with every run of bytes that are not an ASCII letter, digit, '-'
// or '_' written as one '_', and none at either end ("total (micro)" →
// "total_micro", "gpt-4o.mini" → "gpt-4o_mini"; "_" when nothing is
// left), so a stem has no path separator, dot or control character. Names whose plain stems collide — equal when ASCII
// case is ignored, so that they also differ on the case-insensitive file
// systems of macOS and Windows ("x/y", "x_y" and "x y"; "A" and "a") —
// each get "-" and the first 8 hex digits of the SHA-256 of the name
// appended ("x_y-bd3c9047" for "x/y"), more digits if those still
// collide. A name that collides with no other keeps its plain stem. The
// result depends only on the set of names, not on their order. Every
// place that turns a user's name (a judge, a criterion) into a file name
// goes through it. A stem longer than 100 bytes is cut to 91 and gets
// the 8-digit suffix whether or not it collides.
func Stems(names []string) map[string]string {
	level := map[string]int{}
	for _, n := range names {
		level[n] = 0
	}
	stems := make(map[string]string, len(level))
	for {
		for n, l := range level {
			stems[n] = stemAt(n, stemHashLens[l])
		}
		groups := map[string][]string{}
		for n, s := range stems {
			k := strings.ToLower(s)
			groups[k] = append(groups[k], n)
		}
		bumped, clash := false, false
		for _, g := range groups {
			if len(g) < 2 {
				continue
			}
			clash = true
			for _, n := range g {
				if level[n] < len(stemHashLens)-1 {
					level[n]++
					bumped = true
				}
			}
		}
		if !clash {
			return stems
		}
		if !bumped {
			// Full hashes still clash (not seen in practice): number the
			// names of each group in sorted order, so the result stays
			// deterministic and unique.
			for _, g := range groups {
				if len(g) > 1 {
					slices.Sort(g)
					for i, n := range g[1:] {
						stems[n] += "-" + strconv.Itoa(i+2)
					}
				}
			}
			return stems
		}
	}
}

// stemAt is name's plain stem with the first hexLen hex digits of its
// SHA-256 appended (none for 0).
func stemAt(name string, hexLen int) string {
	var b strings.Builder
	gap := false
	for _, c := range []byte(name) {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' {
			if gap && b.Len() > 0 {
				b.WriteByte('_')
			}
			b.WriteByte(c)
			gap = false
			continue
		}
		gap = true
	}
	s := b.String()
	if s == "" {
		s = "_"
	}
	if len(s) > maxStem {
		s = strings.TrimRight(s[:maxStem-9], "_")
		hexLen = max(hexLen, 8)
	}
	if hexLen == 0 {
		return s
	}
	sum := sha256.Sum256([]byte(name))
	return s + "-" + hex.EncodeToString(sum[:])[:hexLen]
}
