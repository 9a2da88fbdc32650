//go:build !js

package sqlitestore

import (
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"brass/mailbox"
)

// BenchmarkAppend appends from many goroutines at once, over 64 games, as a busy server
// does: what group commit is for. Envelopes are signed beforehand; the figure is the
// store's alone.
func BenchmarkAppend(b *testing.B) {
	s := open(b, filepath.Join(b.TempDir(), "mailbox.db"))
	defer s.Close()
	games := make([]*testGame, 64)
	for i := range games {
		games[i] = newTestGame(b)
		startGame(b, s, games[i])
	}
	as := make([]mailbox.Append, b.N)
	for i := range as {
		as[i] = games[i%len(games)].move(i%2, 300)
	}
	var next atomic.Int64
	b.SetParallelism(8)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			a := as[next.Add(1)-1]
			if _, err := s.Append(b.Context(), a); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "appends/s")
}

// BenchmarkReadCatchUp reads a game of 400 messages from the start, as a device that was
// away does on its open.
func BenchmarkReadCatchUp(b *testing.B) {
	s := open(b, filepath.Join(b.TempDir(), "mailbox.db"))
	defer s.Close()
	g := newTestGame(b)
	startGame(b, s, g)
	appendMany(b, s, g, 398, 300)
	b.ResetTimer()
	for b.Loop() {
		ms, err := s.Read(b.Context(), g.id, 0, 400)
		if err != nil || len(ms) != 400 {
			b.Fatalf("Read = %d messages, %v; want 400", len(ms), err)
		}
	}
}

// BenchmarkStats counts a store of 10,000 games. Stats reads the games' rows only
// (TestStatsReadsGamesOnly), so the messages in them do not change the figure.
func BenchmarkStats(b *testing.B) {
	s := open(b, filepath.Join(b.TempDir(), "mailbox.db"))
	defer s.Close()
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			for range 10000 / 16 {
				if _, err := s.Create(b.Context(), newCreate(b)); err != nil {
					b.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	b.ResetTimer()
	for b.Loop() {
		if st, err := s.Stats(b.Context()); err != nil || st.Games != 10000/16*16 {
			b.Fatalf("Stats = %+v, %v", st, err)
		}
	}
}

// appendMany appends n messages of about size bytes to g, from 8 goroutines.
func appendMany(t testing.TB, s *Store, g *testGame, n, size int) {
	t.Helper()
	as := make([]mailbox.Append, n)
	for i := range as {
		as[i] = g.move(i%2, size)
	}
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Go(func() {
			for i := w; i < n; i += 8 {
				if _, err := s.Append(t.Context(), as[i]); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
}

// TestStatsReadsGamesOnly: the query behind Stats reads the games table and never the
// messages, so that it stays cheap however long the logs grow.
func TestStatsReadsGamesOnly(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), "mailbox.db"))
	defer s.Close()
	var q string
	for _, st := range (&readStmts{}).list() {
		if strings.Contains(st.query, "sum(head)") {
			q = st.query
		}
	}
	rows, err := s.r.Query(`EXPLAIN QUERY PLAN ` + q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		plan = append(plan, detail)
	}
	text := strings.Join(plan, "; ")
	if !strings.Contains(text, "games") || strings.Contains(text, "messages") {
		t.Fatalf("Stats's query plan is %q; want a scan of games alone", text)
	}
	t.Logf("Stats's plan: %s", text)
}
