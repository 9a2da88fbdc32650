//go:build !js

package pgstore

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"

	"brass/mailbox"
)

// channel is the database's notification channel: every append's note, "GAME N".
const channel = "brass_mailbox"

// Create stores a new game with its create envelope as message 1, in one transaction that
// first takes the creator's advisory lock, so that two creates from one address count each
// other's game against Limits.GamesPerCreator, on any instance.
func (s *Store) Create(ctx context.Context, c mailbox.Create) (mailbox.Appended, error) {
	var out mailbox.Appended
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1, hashtext($2))`, lockCreator, c.Creator); err != nil {
			return err
		}
		if dup, err := sameCreate(ctx, tx, c); err != nil || dup {
			out = mailbox.Appended{N: 1, Dup: dup}
			return err
		}
		if c.Limits.GamesPerCreator > 0 {
			var kept int
			if err := tx.QueryRow(ctx, `SELECT count(*) FROM games WHERE creator = $1`, c.Creator).Scan(&kept); err != nil {
				return err
			}
			if kept >= c.Limits.GamesPerCreator {
				return mailbox.ErrTooManyGames
			}
		}
		tag, err := tx.Exec(ctx, `INSERT INTO games (id, seats, invite, host, head, bytes, creator, created, touched)
			VALUES ($1, $2, $3, $4, 1, $5, $6, $7, $7) ON CONFLICT (id) DO NOTHING`,
			c.Game, c.Seats, c.Invite, c.Host, len(c.Env), c.Creator, c.Now)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			// Created meanwhile by a create from another address, which the insert waited
			// for: a retry of the same create, or another.
			dup, err := sameCreate(ctx, tx, c)
			out = mailbox.Appended{N: 1, Dup: dup}
			if err == nil && !dup {
				err = errors.New("the game was deleted while it was being created")
			}
			return err
		}
		out = mailbox.Appended{N: 1}
		return insert(ctx, tx, c.Game, 1, -1, c.Invite, c.Nonce, c.Env, c.Now.UnixMilli(), "")
	})
	if err != nil {
		return mailbox.Appended{}, wrap("creating game "+c.Game, err)
	}
	return out, nil
}

// sameCreate reports whether the game exists with this create envelope as message 1
// (ErrGameExists if it exists with another).
func sameCreate(ctx context.Context, tx pgx.Tx, c mailbox.Create) (bool, error) {
	var env []byte
	err := tx.QueryRow(ctx, `SELECT env FROM messages WHERE game = $1 AND n = 1`, c.Game).Scan(&env)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return false, nil
	case err != nil:
		return false, err
	case !bytes.Equal(env, c.Env):
		return false, mailbox.ErrGameExists
	}
	return true, nil
}

// Append stores one envelope in one transaction: it locks the game's row (so the appends to
// a game, from every instance, take their numbers one after another), finds a retry by its
// signer and nonce, checks the game's state and caps, and stores the message as head+1 with
// the game's new counts and the note.
func (s *Store) Append(ctx context.Context, a mailbox.Append) (mailbox.Appended, error) {
	var out mailbox.Appended
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var started bool
		var head, size, lobby int64
		err := tx.QueryRow(ctx, `SELECT started, head, bytes, lobby FROM games WHERE id = $1 FOR UPDATE`, a.Game).
			Scan(&started, &head, &size, &lobby)
		if errors.Is(err, pgx.ErrNoRows) {
			return mailbox.ErrNoGame
		}
		if err != nil {
			return err
		}
		// A statement of its own after the lock, so that it sees an identical append that
		// committed while this one waited.
		var n int64
		var env []byte
		err = tx.QueryRow(ctx, `SELECT n, env FROM messages WHERE game = $1 AND signer = $2 AND nonce = $3`,
			a.Game, a.Signer, a.Nonce).Scan(&n, &env)
		switch {
		case err == nil && bytes.Equal(env, a.Env):
			out = mailbox.Appended{N: n, Dup: true}
			return nil
		case err == nil:
			return mailbox.ErrNonceReused
		case !errors.Is(err, pgx.ErrNoRows):
			return err
		}
		if err := allowed(a, started, head, size, lobby); err != nil {
			return err
		}
		n = head + 1
		out = mailbox.Appended{N: n}
		var isLobby int64
		if a.Kind == mailbox.KindLobby {
			isLobby = 1
		}
		genesis := a.Kind == mailbox.KindGenesis
		return insert(ctx, tx, a.Game, n, a.To, a.Signer, a.Nonce, a.Env, a.Now.UnixMilli(),
			`UPDATE games SET head = $2, bytes = bytes + $3, lobby = lobby + $4, touched = $5,
				started = started OR $6, seat_keys = CASE WHEN $6 THEN $7 ELSE seat_keys END,
				finished = finished OR $8
			WHERE id = $1`,
			a.Game, n, len(a.Env), isLobby, a.Now, genesis, a.Seats, a.Kind == mailbox.KindFinish)
	})
	if err != nil {
		return mailbox.Appended{}, wrap("appending to game "+a.Game, err)
	}
	return out, nil
}

// allowed applies the rules of an envelope's kind and the game's caps (a zero cap is none).
func allowed(a mailbox.Append, started bool, head, size, lobby int64) error {
	switch a.Kind {
	case mailbox.KindLobby, mailbox.KindGenesis:
		if started {
			return mailbox.ErrStarted
		}
	case mailbox.KindGame, mailbox.KindFinish:
		if !started {
			return mailbox.ErrNotStarted
		}
	default:
		return fmt.Errorf("an envelope of kind %q is not appended (a create envelope is stored by Create)", a.Kind)
	}
	l := a.Limits
	switch {
	case l.MaxMessages > 0 && head+1 > l.MaxMessages:
		return fmt.Errorf("%w: it has %d messages, the most a game keeps", mailbox.ErrGameFull, head)
	case l.MaxBytes > 0 && size+int64(len(a.Env)) > l.MaxBytes:
		return fmt.Errorf("%w: %d bytes more would take it over %d", mailbox.ErrGameFull, len(a.Env), l.MaxBytes)
	case a.Kind == mailbox.KindLobby && l.MaxLobby > 0 && lobby+1 > l.MaxLobby:
		return fmt.Errorf("%w: it has %d lobby envelopes, the most a game keeps", mailbox.ErrGameFull, lobby)
	}
	return nil
}

// insert stores message n, appended at `at` (Unix ms), runs update (the game's counts, with
// its arguments), if any, and notifies, in one round trip; the note goes out when the
// transaction commits.
func insert(ctx context.Context, tx pgx.Tx, game string, n int64, to int, signer []byte, nonce string, env []byte, at int64, update string, args ...any) error {
	var b pgx.Batch
	b.Queue(`INSERT INTO messages (game, n, to_seat, signer, nonce, env, at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		game, n, to, signer, nonce, env, at)
	if update != "" {
		b.Queue(update, args...)
	}
	b.Queue(`SELECT pg_notify($1, $2)`, channel, game+" "+strconv.FormatInt(n, 10))
	return tx.SendBatch(ctx, &b).Close()
}
