//go:build !js

package pgstore

import (
	"context"
	"time"

	"brass/mailbox"
)

// sweepBatch is how many games one statement of Sweep deletes (with their messages): short
// transactions, so a sweep never holds many locks nor a long one.
const sweepBatch = 200

// Sweep deletes the games the retention rules let go, a batch at a time. A game an append
// holds locked is skipped, and one appended to since the batch was chosen is checked again
// (FOR UPDATE re-reads it): a game in use is never swept.
func (s *Store) Sweep(ctx context.Context, now time.Time, r mailbox.Retention) (int, error) {
	finished, idle, unstarted := now.Add(-r.Finished), now.Add(-r.Idle), now.Add(-r.Unstarted)
	latest := finished
	for _, t := range []time.Time{idle, unstarted} {
		if t.After(latest) {
			latest = t
		}
	}
	total := 0
	for {
		tag, err := s.pool.Exec(ctx, `DELETE FROM games WHERE id IN (
			SELECT id FROM games
			WHERE touched < $4 AND (
				(finished AND touched < $1) OR
				(started AND NOT finished AND touched < $2) OR
				(NOT started AND touched < $3))
			LIMIT $5 FOR UPDATE SKIP LOCKED)`, finished, idle, unstarted, latest, sweepBatch)
		if err != nil {
			return total, wrap("sweeping", err)
		}
		total += int(tag.RowsAffected())
		if tag.RowsAffected() < sweepBatch {
			return total, nil
		}
	}
}
