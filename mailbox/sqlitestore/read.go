//go:build !js

package sqlitestore

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"brass/mailbox"
)

// Game describes a game from its row (see mailbox.Store).
func (s *Store) Game(ctx context.Context, id string) (mailbox.Game, error) {
	g := mailbox.Game{ID: id}
	var created, touched int64
	err := s.rs.game.QueryRowContext(ctx, id).Scan(&g.Seats, &g.Invite, &g.Host, &g.Started, &g.SeatKeys,
		&g.Head, &g.Bytes, &g.Lobby, &created, &touched, &g.Finished)
	switch err {
	case nil:
	case sql.ErrNoRows:
		return mailbox.Game{}, mailbox.ErrNoGame
	default:
		return mailbox.Game{}, fmt.Errorf("reading game %s in %s: %w", id, s.path, err)
	}
	g.Created, g.Touched = time.Unix(0, created).UTC(), time.Unix(0, touched).UTC()
	return g, nil
}

// Read returns up to limit messages after `after` (see mailbox.Store); a limit of 0 or
// less reads none. It looks the game up only when it finds no message.
func (s *Store) Read(ctx context.Context, game string, after int64, limit int) ([]mailbox.Stored, error) {
	var out []mailbox.Stored
	if limit > 0 {
		rows, err := s.rs.messages.QueryContext(ctx, game, after, limit)
		if err != nil {
			return nil, fmt.Errorf("reading game %s in %s: %w", game, s.path, err)
		}
		defer rows.Close()
		for rows.Next() {
			var m mailbox.Stored
			if err := rows.Scan(&m.N, &m.To, &m.Env, &m.At); err != nil {
				return nil, fmt.Errorf("reading game %s in %s: %w", game, s.path, err)
			}
			out = append(out, m)
		}
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("reading game %s in %s: %w", game, s.path, err)
		}
	}
	if len(out) > 0 {
		return out, nil
	}
	var one int
	switch err := s.rs.exists.QueryRowContext(ctx, game).Scan(&one); err {
	case nil:
		return nil, nil
	case sql.ErrNoRows:
		return nil, mailbox.ErrNoGame
	default:
		return nil, fmt.Errorf("reading game %s in %s: %w", game, s.path, err)
	}
}

// Stats sums the games' rows: one row a game, never the messages.
func (s *Store) Stats(ctx context.Context) (mailbox.StoreStats, error) {
	var st mailbox.StoreStats
	if err := s.rs.stats.QueryRowContext(ctx).Scan(&st.Games, &st.Messages, &st.Bytes); err != nil {
		return st, fmt.Errorf("counting what %s holds: %w", s.path, err)
	}
	return st, nil
}
