package mathx

// SplitMix64 is the SplitMix64 finaliser (Steele et al. 2014): it spreads a
// seed over all 64 bits and turns related seeds into unrelated ones.
func SplitMix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}
