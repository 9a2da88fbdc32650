//go:build !js

package sqlitestore

import (
	"context"
	"time"

	"brass/mailbox"
)

// A sweep step deletes games until it has deleted sweepMessages messages (or one game,
// however big: a game is deleted whole), so that appends wait behind it for one short
// transaction at most; the sweep then queues its next step behind them.
const (
	sweepGames    = 256
	sweepMessages = 4096
)

// Sweep deletes the games the retention rules let go as of now (see mailbox.Store), a step
// at a time.
func (s *Store) Sweep(ctx context.Context, now time.Time, r mailbox.Retention) (int, error) {
	cut := func(d time.Duration) int64 { return now.Add(-d).UnixNano() }
	finished, idle, unstarted := cut(r.Finished), cut(r.Idle), cut(r.Unstarted)
	loosest := max(finished, idle, unstarted)
	total := 0
	for {
		out, err := s.submit(ctx, "sweeping games", func(t *wtx) (outcome, error) {
			return sweepStep(t, loosest, finished, idle, unstarted)
		})
		total += out.swept
		if err != nil || out.swept == 0 {
			return total, err
		}
	}
}

func sweepStep(t *wtx, loosest, finished, idle, unstarted int64) (outcome, error) {
	rows, err := t.stmt(t.ws.sweepCandidates).Query(loosest, finished, idle, unstarted, sweepGames)
	if err != nil {
		return outcome{}, err
	}
	var ids []string
	var messages int64
	for rows.Next() && messages < sweepMessages {
		var id string
		var head int64
		if err := rows.Scan(&id, &head); err != nil {
			rows.Close()
			return outcome{}, err
		}
		ids = append(ids, id)
		messages += head
	}
	if err := rows.Close(); err != nil {
		return outcome{}, err
	}
	if err := rows.Err(); err != nil {
		return outcome{}, err
	}
	for _, id := range ids {
		if _, err := t.stmt(t.ws.deleteGame).Exec(id); err != nil {
			return outcome{}, err
		}
	}
	return outcome{swept: len(ids)}, nil
}
