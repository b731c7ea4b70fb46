//go:build !linux

package doctor

// charMajor is known only on Linux.
func charMajor(path string) (major uint32, isChar bool) { return 0, false }
