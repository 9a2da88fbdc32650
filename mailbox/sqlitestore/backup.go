//go:build !js

package sqlitestore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
)

// Backup writes a consistent copy of the store in the file at src to dest, while a server
// may be using it (WAL lets a reader copy beside the writer: VACUUM INTO copies one moment
// of the database), then checks the copy. It never overwrites a file: dest must not exist.
// The copy is a store of its own that Open takes as it is.
func Backup(ctx context.Context, src, dest string) error {
	if _, err := os.Stat(src); err != nil {
		return fmt.Errorf("no store to back up at %s: %w", src, err)
	}
	if _, err := os.Stat(dest); err == nil || !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("the backup's file %s exists already (a backup never overwrites one)", dest)
	}
	db, err := sql.Open("sqlite", src+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return err
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, dest); err != nil {
		return fmt.Errorf("copying %s: %w", src, err)
	}
	cp, err := sql.Open("sqlite", dest+"?_pragma=query_only(1)")
	if err != nil {
		return err
	}
	defer cp.Close()
	var ok string
	if err := cp.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&ok); err != nil || ok != "ok" {
		return fmt.Errorf("the copy at %s does not check out (%q, %v)", dest, ok, err)
	}
	return nil
}
