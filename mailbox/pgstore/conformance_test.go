//go:build !js

package pgstore

import (
	"context"
	"testing"
	"time"

	"brass/internal/pgtest"
	"brass/mailbox"
	"brass/mailbox/storetest"
)

// TestConformance runs the Store interface's shared suite, each check on a new database.
func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) func() mailbox.Store {
		url := pgtest.NewDatabase(t)
		return func() mailbox.Store {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			s, err := Open(ctx, url, Options{Logf: t.Logf})
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
	})
}
