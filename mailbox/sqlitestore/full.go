//go:build !js

package sqlitestore

import (
	"errors"
	"path/filepath"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// lowSpace is the free space under which an I/O error is taken for a full disk.
const lowSpace = 1 << 20

// full reports whether err is SQLite saying that the database or its disk is full: SQLITE_FULL
// (a write that found no room, or max_page_count reached), or an I/O error while the disk
// holding the file has almost no room left (SQLite reports some writes that find a full disk,
// such as growing the WAL's shared memory, as I/O errors).
func full(err error, path string) bool {
	var e *sqlite.Error
	if !errors.As(err, &e) {
		return false
	}
	switch e.Code() & 0xff {
	case sqlite3.SQLITE_FULL:
		return true
	case sqlite3.SQLITE_IOERR:
		free, ok := freeSpace(filepath.Dir(path))
		return ok && free < lowSpace
	}
	return false
}
