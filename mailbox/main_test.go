//go:build unix

package mailbox_test

import (
	"testing"

	"brass/internal/pgtest"
)

// TestMain runs the package's tests under pgtest, which stops the PostgreSQL cluster that
// the tests on PostgreSQL start, and removes its files, after them.
func TestMain(m *testing.M) { pgtest.Main(m) }
