//go:build !js

package sqlitestore

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"

	"brass/mailbox"
)

// errKind refuses an append of a kind the store does not take by Append.
var errKind = errors.New("an append takes lobby, genesis, game and finish envelopes; a game is created by Create")

// Create stores a new game with its create envelope as message 1 (see mailbox.Store).
func (s *Store) Create(ctx context.Context, c mailbox.Create) (mailbox.Appended, error) {
	out, err := s.submit(ctx, "creating a game", func(t *wtx) (outcome, error) { return create(t, c) })
	return out.appended, err
}

// Append stores one envelope of a game by the rules of its kind (see mailbox.Store).
func (s *Store) Append(ctx context.Context, a mailbox.Append) (mailbox.Appended, error) {
	out, err := s.submit(ctx, "storing a "+a.Kind+" envelope", func(t *wtx) (outcome, error) { return appendOne(t, a) })
	return out.appended, err
}

// create checks, in the order a retry needs (a retry is answered whatever else holds), then
// writes. It writes nothing when it refuses.
func create(t *wtx, c mailbox.Create) (outcome, error) {
	var env []byte
	switch err := t.stmt(t.ws.createEnv).QueryRow(c.Game).Scan(&env); err {
	case nil:
		if bytes.Equal(env, c.Env) {
			return outcome{appended: mailbox.Appended{N: 1, Dup: true}}, nil
		}
		return outcome{}, mailbox.ErrGameExists
	case sql.ErrNoRows:
	default:
		return outcome{}, err
	}
	if c.Limits.GamesPerCreator > 0 {
		var kept int
		if err := t.stmt(t.ws.creatorGames).QueryRow(c.Creator).Scan(&kept); err != nil {
			return outcome{}, err
		}
		if kept >= c.Limits.GamesPerCreator {
			return outcome{}, fmt.Errorf("%w (%d)", mailbox.ErrTooManyGames, kept)
		}
	}
	now := c.Now.UnixNano()
	if _, err := t.stmt(t.ws.insertGame).Exec(c.Game, c.Seats, c.Invite, c.Host, len(c.Env), c.Creator, now, now); err != nil {
		return outcome{}, err
	}
	if _, err := t.stmt(t.ws.insertMessage).Exec(c.Game, 1, -1, c.Invite, c.Nonce, c.Env, c.Now.UnixMilli()); err != nil {
		return outcome{}, err
	}
	return outcome{appended: mailbox.Appended{N: 1}, note: &mailbox.Note{Game: c.Game, N: 1}}, nil
}

// appendOne checks the game, the retry, the kind's rule and the caps, in that order, then
// writes. It writes nothing when it refuses.
func appendOne(t *wtx, a mailbox.Append) (outcome, error) {
	var started bool
	var head, size, lobby int64
	switch err := t.stmt(t.ws.game).QueryRow(a.Game).Scan(&started, &head, &size, &lobby); err {
	case nil:
	case sql.ErrNoRows:
		return outcome{}, mailbox.ErrNoGame
	default:
		return outcome{}, err
	}
	var n int64
	var env []byte
	switch err := t.stmt(t.ws.byNonce).QueryRow(a.Game, a.Signer, a.Nonce).Scan(&n, &env); err {
	case nil:
		if bytes.Equal(env, a.Env) {
			return outcome{appended: mailbox.Appended{N: n, Dup: true}}, nil
		}
		return outcome{}, fmt.Errorf("%w (message %d)", mailbox.ErrNonceReused, n)
	case sql.ErrNoRows:
	default:
		return outcome{}, err
	}
	switch a.Kind {
	case mailbox.KindLobby, mailbox.KindGenesis:
		if started {
			return outcome{}, mailbox.ErrStarted
		}
	case mailbox.KindGame, mailbox.KindFinish:
		if !started {
			return outcome{}, mailbox.ErrNotStarted
		}
	default:
		return outcome{}, fmt.Errorf("%w, not %.20q", errKind, a.Kind)
	}
	l := a.Limits
	isLobby := a.Kind == mailbox.KindLobby
	switch {
	case l.MaxMessages > 0 && head >= l.MaxMessages:
		return outcome{}, fmt.Errorf("%w: it holds %d messages, the most it may", mailbox.ErrGameFull, head)
	case l.MaxBytes > 0 && size+int64(len(a.Env)) > l.MaxBytes:
		return outcome{}, fmt.Errorf("%w: %d bytes more would make %d, over %d", mailbox.ErrGameFull, len(a.Env), size+int64(len(a.Env)), l.MaxBytes)
	case l.MaxLobby > 0 && isLobby && lobby >= l.MaxLobby:
		return outcome{}, fmt.Errorf("%w: it holds %d lobby envelopes, the most it may", mailbox.ErrGameFull, lobby)
	}
	n = head + 1
	if _, err := t.stmt(t.ws.insertMessage).Exec(a.Game, n, a.To, a.Signer, a.Nonce, a.Env, a.Now.UnixMilli()); err != nil {
		return outcome{}, err
	}
	if isLobby {
		lobby++
	}
	genesis := a.Kind == mailbox.KindGenesis
	var seats any // NULL keeps the seat keys as they are
	if genesis {
		seats = a.Seats
	}
	if _, err := t.stmt(t.ws.updateGame).Exec(n, size+int64(len(a.Env)), lobby, a.Now.UnixNano(), genesis, seats, a.Kind == mailbox.KindFinish, a.Game); err != nil {
		return outcome{}, err
	}
	return outcome{appended: mailbox.Appended{N: n}, note: &mailbox.Note{Game: a.Game, N: n}}, nil
}
