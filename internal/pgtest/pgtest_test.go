//go:build unix

package pgtest

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

func TestMain(m *testing.M) { Main(m) }

// TestNewDatabase checks that two databases of the cluster are distinct and empty, that
// they accept writes, and that a database is gone once its test has ended.
func TestNewDatabase(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var first string
	t.Run("first", func(t *testing.T) {
		first = NewDatabase(t)
		conn := connect(t, ctx, first)
		if _, err := conn.Exec(ctx, "CREATE TABLE t (x int); INSERT INTO t VALUES (1)"); err != nil {
			t.Fatal(err)
		}
		var fsync string
		if err := conn.QueryRow(ctx, "SHOW fsync").Scan(&fsync); err != nil || fsync != "on" {
			t.Fatalf("fsync is %q (%v), want on", fsync, err)
		}
	})
	second := NewDatabase(t)
	if second == first {
		t.Fatalf("two databases have one URL, %s", first)
	}
	conn := connect(t, ctx, second)
	var tables int
	if err := conn.QueryRow(ctx, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'").Scan(&tables); err != nil {
		t.Fatal(err)
	}
	if tables != 0 {
		t.Fatalf("a new database has %d tables", tables)
	}
	if c, err := pgx.Connect(ctx, first); err == nil {
		c.Close(ctx)
		t.Fatalf("the first test's database %s is still there after the test", first)
	}
}

func connect(t *testing.T, ctx context.Context, url string) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return conn
}
