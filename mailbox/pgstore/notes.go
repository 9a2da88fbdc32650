//go:build !js

package pgstore

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"brass/mailbox"
)

// The notes connection's timing: how long it waits for a notification before it checks the
// connection with a ping (a connection whose peer vanished without a word reads nothing,
// with no error, for as long as TCP keepalive takes), and the pauses between reconnections.
const (
	notesPing     = 30 * time.Second
	notesPingWait = 10 * time.Second
	retryFirst    = 100 * time.Millisecond
	retryMost     = 5 * time.Second
)

// notesApp is the notes connection's application_name, which names it in pg_stat_activity.
const notesApp = "brass-mailbox-notes"

// listen opens the notes connection: a connection of its own, outside the pool, since it
// stays LISTENing for the store's lifetime.
func listen(ctx context.Context, cfg *pgx.ConnConfig) (*pgx.Conn, error) {
	cfg = cfg.Copy()
	cfg.RuntimeParams["application_name"] = notesApp
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return nil, wrap("opening the notes connection", err)
	}
	if _, err := conn.Exec(ctx, "LISTEN "+channel); err != nil {
		_ = conn.Close(context.Background())
		return nil, wrap("listening for notes", err)
	}
	return conn, nil
}

// forward passes every notification to Notes, without ever blocking on a slow reader, until
// ctx ends. When the connection is lost it connects and LISTENs again; what was appended
// in between is not noted, and the readers find it on their own timer, as they find notes
// dropped for a full channel.
func (s *Store) forward(ctx context.Context, cfg *pgx.ConnConfig, conn *pgx.Conn) {
	defer close(s.listening)
	retry := retryFirst
	for {
		if conn == nil {
			var err error
			if conn, err = listen(ctx, cfg); err != nil {
				if ctx.Err() != nil {
					return
				}
				s.logf("pgstore: %v; trying again in %v", err, retry)
				select {
				case <-ctx.Done():
					return
				case <-time.After(retry):
				}
				retry = min(2*retry, retryMost)
				continue
			}
			s.logf("pgstore: the notes connection is back; what was appended while it was lost is not noted")
			retry = retryFirst
		}
		wait, cancel := context.WithTimeout(ctx, notesPing)
		n, err := conn.WaitForNotification(wait)
		cancel()
		switch {
		case err == nil:
			s.note(n.Payload)
			continue
		case ctx.Err() != nil:
			_ = conn.Close(context.Background())
			return
		case errors.Is(wait.Err(), context.DeadlineExceeded) && !conn.IsClosed():
			ping, cancel := context.WithTimeout(ctx, notesPingWait)
			err = conn.Ping(ping)
			cancel()
			if err == nil {
				continue
			}
		}
		if ctx.Err() != nil {
			_ = conn.Close(context.Background())
			return
		}
		s.logf("pgstore: the notes connection was lost (%v); connecting again", err)
		_ = conn.Close(context.Background())
		conn = nil
	}
}

// note passes on one notification, "GAME N"; one of another shape (not sent by a store)
// is ignored.
func (s *Store) note(payload string) {
	game, num, ok := strings.Cut(payload, " ")
	n, err := strconv.ParseInt(num, 10, 64)
	if !ok || err != nil {
		return
	}
	select {
	case s.notes <- mailbox.Note{Game: game, N: n}:
	default:
	}
}
