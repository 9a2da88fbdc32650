//go:build !js

package sqlitestore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"brass/mailbox"
)

// job is one write (a create, an append, a step of a sweep) waiting for the writer.
type job struct {
	ctx  context.Context
	what string // for errors: "storing a lobby envelope"
	do   func(tx *wtx) (outcome, error)
	done chan reply // buffered: the writer never waits for the caller
}

// outcome is what a job did.
type outcome struct {
	appended mailbox.Appended
	note     *mailbox.Note // sent on Notes once committed
	swept    int
}

type reply struct {
	outcome
	err error
}

// wtx is the writer's transaction, with its statements.
type wtx struct {
	tx *sql.Tx
	ws *writeStmts
}

func (t *wtx) stmt(s *sql.Stmt) *sql.Stmt { return t.tx.Stmt(s) }

// maxBatch caps a batch: a longer one would hold its first callers for little gain.
const maxBatch = 256

// errClosed answers calls on a closed store.
var errClosed = errors.New("the store is closed")

// refusals are what a job answers when the game's state refuses it. A job finds them before
// it writes anything, so a refused job leaves its batch's transaction as it was.
var refusals = []error{
	mailbox.ErrNoGame, mailbox.ErrGameExists, mailbox.ErrTooManyGames, mailbox.ErrStarted,
	mailbox.ErrNotStarted, mailbox.ErrGameFull, mailbox.ErrNonceReused, errKind,
}

func refused(err error) bool {
	for _, r := range refusals {
		if errors.Is(err, r) {
			return true
		}
	}
	return false
}

// submit hands a job to the writer and waits for its answer. A context done before the
// writer takes the job leaves it out; once taken, the job is committed or not as a whole,
// and a caller that stops waiting may not learn which (a retry will: Dup).
func (s *Store) submit(ctx context.Context, what string, do func(*wtx) (outcome, error)) (outcome, error) {
	if err := ctx.Err(); err != nil {
		return outcome{}, err
	}
	j := &job{ctx: ctx, what: what, do: do, done: make(chan reply, 1)}
	select {
	case s.jobs <- j:
	case <-ctx.Done():
		return outcome{}, ctx.Err()
	case <-s.quit:
		return outcome{}, errClosed
	}
	select {
	case r := <-j.done:
		return r.outcome, r.err
	case <-ctx.Done():
		return outcome{}, ctx.Err()
	}
}

// write is the writer: it takes a job, and every other one already waiting, and commits
// them as one batch.
func (s *Store) write() {
	defer close(s.stopped)
	batch := make([]*job, 0, maxBatch)
	for {
		select {
		case j := <-s.jobs:
			batch = append(batch[:0], j)
		case <-s.quit:
			return
		}
	gather:
		for len(batch) < maxBatch {
			select {
			case j := <-s.jobs:
				batch = append(batch, j)
			default:
				break gather
			}
		}
		s.commit(batch)
		clear(batch)
	}
}

// commit runs a batch in one transaction, each job seeing the ones before it, and answers
// each job once it is durable. If the transaction fails (a full disk, an engine error in
// one job), it runs the jobs again one transaction each, so that each gets its own answer.
func (s *Store) commit(batch []*job) {
	live := batch[:0:0]
	for _, j := range batch {
		if err := j.ctx.Err(); err != nil {
			j.done <- reply{err: err}
			continue
		}
		live = append(live, j)
	}
	if len(live) == 0 {
		return
	}
	replies := make([]reply, len(live))
	err := s.inTx(func(t *wtx) error {
		for i, j := range live {
			out, err := j.do(t)
			if err != nil && !refused(err) {
				return err
			}
			replies[i] = reply{out, err}
		}
		return nil
	})
	switch {
	case err != nil && len(live) == 1:
		replies[0] = reply{err: s.engineErr(live[0].what, err)}
	case err != nil:
		s.log.Warn("a batch of the mailbox store failed; running its calls one by one", "store", s.path, "calls", len(live), "err", err)
		for i, j := range live {
			replies[i] = s.alone(j)
		}
	}
	for i, j := range live {
		j.done <- replies[i]
		if n := replies[i].note; n != nil && replies[i].err == nil {
			select {
			case s.notes <- *n:
			default: // a slow reader: it re-reads the store
			}
		}
	}
}

// alone runs one job in a transaction of its own.
func (s *Store) alone(j *job) reply {
	var r reply
	err := s.inTx(func(t *wtx) error {
		out, err := j.do(t)
		if err != nil && !refused(err) {
			return err
		}
		r = reply{out, err}
		return nil
	})
	if err != nil {
		return reply{err: s.engineErr(j.what, err)}
	}
	return r
}

// inTx runs f in an immediate transaction and commits it. It uses no caller's context: a
// caller giving up must not roll back the others of its batch.
func (s *Store) inTx(f func(*wtx) error) error {
	tx, err := s.w.BeginTx(context.Background(), nil)
	if err != nil {
		return err
	}
	if err := f(&wtx{tx: tx, ws: &s.ws}); err != nil {
		tx.Rollback() // SQLite may have rolled it back already (a full disk): either way, gone
		return err
	}
	return tx.Commit()
}

// engineErr words an engine's failure, wrapped with mailbox.ErrFull when the disk or the
// database is full.
func (s *Store) engineErr(what string, err error) error {
	if full(err, s.path) {
		return fmt.Errorf("%w: %s in %s: %w", mailbox.ErrFull, what, s.path, err)
	}
	return fmt.Errorf("%s in %s: %w", what, s.path, err)
}
