package doctor

import "syscall"

// charMajor is the major number of the character device at path.
func charMajor(path string) (major uint32, isChar bool) {
	var st syscall.Stat_t
	if err := syscall.Stat(path, &st); err != nil || st.Mode&syscall.S_IFMT != syscall.S_IFCHR {
		return 0, false
	}
	// The kernel's encoding of a dev_t (glibc's gnu_dev_major).
	dev := uint64(st.Rdev)
	return uint32((dev>>8)&0xfff | (dev>>32)&^0xfff), true
}
