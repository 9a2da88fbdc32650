//go:build !linux && !js

package sqlitestore

// freeSpace is not measured off Linux: there an I/O error is not taken for a full disk, and
// only SQLITE_FULL is.
func freeSpace(string) (uint64, bool) { return 0, false }
