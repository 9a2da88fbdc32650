// Package atomicfile writes build outputs so that a reader (the server starting
// meanwhile) sees the old file or the new one, never half of one.
package atomicfile

import (
	"os"
	"path/filepath"
)

// Write writes data to a temporary file beside path, sets its mode to perm and
// renames it into place.
func Write(path string, data []byte, perm os.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // no-op after a successful rename
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), perm); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
