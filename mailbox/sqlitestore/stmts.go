//go:build !js

package sqlitestore

import (
	"context"
	"database/sql"
	"fmt"
)

// The statements are prepared once, at Open: an append runs several, and preparing each
// again would cost as much as running it.

type writeStmts struct {
	game, byNonce, insertMessage, updateGame *sql.Stmt
	createEnv, creatorGames, insertGame      *sql.Stmt
	sweepCandidates, deleteGame              *sql.Stmt
}

type readStmts struct {
	game, exists, messages, stats *sql.Stmt
}

type statement struct {
	dst   **sql.Stmt
	query string
}

func (w *writeStmts) list() []statement {
	return []statement{
		{&w.game, `SELECT started, head, bytes, lobby FROM games WHERE id = ?`},
		{&w.byNonce, `SELECT n, env FROM messages WHERE game = ? AND signer = ? AND nonce = ?`},
		{&w.insertMessage, `INSERT INTO messages (game, n, to_seat, signer, nonce, env, at) VALUES (?, ?, ?, ?, ?, ?, ?)`},
		{&w.updateGame, `UPDATE games SET head = ?, bytes = ?, lobby = ?, touched = ?,
			started = started OR ?, seat_keys = coalesce(?, seat_keys), finished = finished OR ? WHERE id = ?`},
		{&w.createEnv, `SELECT env FROM messages WHERE game = ? AND n = 1`},
		{&w.creatorGames, `SELECT count(*) FROM games WHERE creator = ?`},
		{&w.insertGame, `INSERT INTO games (id, seats, invite, host, head, bytes, creator, created, touched) VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?)`},
		// The index on touched bounds the scan by the loosest rule; each state's own rule
		// then picks.
		{&w.sweepCandidates, `SELECT id, head FROM games WHERE touched < ?1 AND CASE
			WHEN finished THEN touched < ?2 WHEN started THEN touched < ?3 ELSE touched < ?4 END
			ORDER BY touched LIMIT ?5`},
		{&w.deleteGame, `DELETE FROM games WHERE id = ?`}, // its messages go with it (ON DELETE CASCADE)
	}
}

func (r *readStmts) list() []statement {
	return []statement{
		{&r.game, `SELECT seats, invite, host, started, seat_keys, head, bytes, lobby, created, touched, finished FROM games WHERE id = ?`},
		{&r.exists, `SELECT 1 FROM games WHERE id = ?`},
		{&r.messages, `SELECT n, to_seat, env, at FROM messages WHERE game = ? AND n > ? ORDER BY n LIMIT ?`},
		{&r.stats, `SELECT count(*), coalesce(sum(head), 0), coalesce(sum(bytes), 0) FROM games`},
	}
}

func prepare(ctx context.Context, db *sql.DB, set interface{ list() []statement }) error {
	for _, s := range set.list() {
		st, err := db.PrepareContext(ctx, s.query)
		if err != nil {
			return fmt.Errorf("%w, in %s", err, s.query)
		}
		*s.dst = st
	}
	return nil
}
