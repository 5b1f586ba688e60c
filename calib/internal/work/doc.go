// Package work is the memory calib's analyses reuse for their short-lived
// arrays: a Space (free lists of arrays kept through weak pointers, so
// they never add to the live heap) and a fit's Scratch (the vectors one
// fit takes once, from a Space or a pool, and reuses in every phase). A nil *Space allocates every array, so callers
// outside an engine pass nil. Nothing here changes a number: arrays come
// back as they were left and every user writes an array before reading it
// (Space.Poison fills them with garbage to prove it in tests).
package work
