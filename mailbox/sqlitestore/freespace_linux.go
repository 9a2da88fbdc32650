//go:build !js

package sqlitestore

import "syscall"

// freeSpace is the room left to an unprivileged writer on the filesystem holding dir.
func freeSpace(dir string) (uint64, bool) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, false
	}
	return st.Bavail * uint64(st.Bsize), true
}
