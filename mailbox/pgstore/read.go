//go:build !js

package pgstore

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"brass/mailbox"
)

// Game describes a game from its row.
func (s *Store) Game(ctx context.Context, id string) (mailbox.Game, error) {
	g := mailbox.Game{ID: id}
	err := s.pool.QueryRow(ctx, `SELECT seats, invite, host, started, seat_keys, head, bytes, lobby, created, touched, finished
		FROM games WHERE id = $1`, id).
		Scan(&g.Seats, &g.Invite, &g.Host, &g.Started, &g.SeatKeys, &g.Head, &g.Bytes, &g.Lobby, &g.Created, &g.Touched, &g.Finished)
	if errors.Is(err, pgx.ErrNoRows) {
		return mailbox.Game{}, mailbox.ErrNoGame
	}
	if err != nil {
		return mailbox.Game{}, wrap("reading game "+id, err)
	}
	return g, nil
}

// Read returns up to limit messages after `after`, in order, by the messages' primary key
// (none for a limit of 0 or less). Only an empty answer asks whether the game exists: every
// game has its message 1.
func (s *Store) Read(ctx context.Context, game string, after int64, limit int) ([]mailbox.Stored, error) {
	limit = max(limit, 0)
	rows, err := s.pool.Query(ctx, `SELECT n, to_seat, env, at FROM messages WHERE game = $1 AND n > $2 ORDER BY n LIMIT $3`,
		game, after, limit)
	if err != nil {
		return nil, wrap("reading game "+game, err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (mailbox.Stored, error) {
		var m mailbox.Stored
		err := r.Scan(&m.N, &m.To, &m.Env, &m.At)
		return m, err
	})
	if err != nil {
		return nil, wrap("reading game "+game, err)
	}
	if len(out) == 0 {
		var exists bool
		if err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM games WHERE id = $1)`, game).Scan(&exists); err != nil {
			return nil, wrap("reading game "+game, err)
		}
		if !exists {
			return nil, mailbox.ErrNoGame
		}
	}
	return out, nil
}

// Stats sums the games' rows (head is a game's message count: numbers have no gap), so it
// reads one row a game and never the messages.
func (s *Store) Stats(ctx context.Context) (mailbox.StoreStats, error) {
	var st mailbox.StoreStats
	err := s.pool.QueryRow(ctx, `SELECT count(*), coalesce(sum(head), 0)::bigint, coalesce(sum(bytes), 0)::bigint FROM games`).
		Scan(&st.Games, &st.Messages, &st.Bytes)
	if err != nil {
		return mailbox.StoreStats{}, wrap("counting the store", err)
	}
	return st, nil
}
