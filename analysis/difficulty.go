package analysis

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
)

// LoadDifficulty reads AlpacaEval's instruction_difficulty.csv (the
// --instruction-difficulty file): a header line, then one
// "index,difficulty" row per instruction, index a whole number ≥ 0 (the
// instruction's position in AlpacaEval's evaluation set, which its
// annotations files keep) and difficulty a finite number. An index given
// twice, a row of another shape or a file without rows is an error that
// names the line.
func LoadDifficulty(path string) (map[int]float64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ParseDifficulty(f, path)
}

// ParseDifficulty parses an instruction_difficulty.csv from r (LoadDifficulty);
// name labels its errors.
func ParseDifficulty(r io.Reader, name string) (map[int]float64, error) {
	out := map[int]float64{}
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(strings.TrimPrefix(sc.Text(), "\ufeff"))
		if text == "" {
			continue
		}
		if line == 1 {
			continue // the header (AlpacaEval's: index,instruction_difficulty)
		}
		a, b, ok := strings.Cut(text, ",")
		if !ok || strings.Contains(b, ",") {
			return nil, fmt.Errorf("%s:%d: %q: want index,difficulty", name, line, text)
		}
		k, err := strconv.Atoi(strings.TrimSpace(a))
		if err != nil || k < 0 {
			return nil, fmt.Errorf("%s:%d: index %q is not a whole number ≥ 0", name, line, a)
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(b), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("%s:%d: difficulty %q is not a finite number", name, line, b)
		}
		if _, dup := out[k]; dup {
			return nil, fmt.Errorf("%s:%d: index %d given twice", name, line, k)
		}
		out[k] = v
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no index,difficulty rows", name)
	}
	return out, nil
}
