//go:build !unix

package collect

import "os"

// lockOutput does nothing where flock is missing; README says not to run
// two collections into one file at once.
func lockOutput(*os.File) error { return nil }
