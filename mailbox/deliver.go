//go:build !js

package mailbox

import (
	"context"
	"errors"
	"strconv"
	"sync/atomic"
	"time"
)

// reader sends one connection its game's log: everything after its number, then a live
// frame, then each message as the store tells of it. It reads the store itself, from its
// own number, so a note lost or doubled changes nothing and a slow reader holds no queue.
type reader struct {
	s       *Server
	game    string
	after   int64
	watch   bool // a spectator: messages to every device only
	out     *writer
	wake    chan struct{}
	tooSlow atomic.Bool
}

func (rd *reader) run(ctx context.Context) {
	s := rd.s
	cursor, live := rd.after, false
	poll := time.NewTicker(s.cfg.Poll)
	defer poll.Stop()
	for {
		msgs, err := s.store.Read(ctx, rd.game, cursor, s.cfg.ReadBatch)
		if err != nil {
			if ctx.Err() != nil || errors.Is(err, ErrNoGame) {
				return
			}
			s.count.storeErrors.Add(1)
			s.logf("mailbox: reading a game: %v", err)
		}
		for _, m := range msgs {
			cursor = m.N
			if rd.watch && m.To >= 0 {
				continue
			}
			if !rd.out.raw(msgFrame(m)) {
				// By the write's own timeout, not ctx: the close of a timed-out write ends
				// the appends' read, which may cancel ctx before this line runs.
				rd.tooSlow.Store(rd.out.tooSlow())
				return
			}
			s.count.delivered.Add(1)
		}
		if err == nil && len(msgs) == s.cfg.ReadBatch {
			continue
		}
		if !live && err == nil {
			if !rd.out.frame(Frame{Type: TypeLive, N: cursor}) {
				return
			}
			live = true
		}
		select {
		case <-ctx.Done():
			return
		case <-rd.wake:
		case <-poll.C:
		}
	}
}

// msgFrame is a msg frame around a stored envelope, which is JSON already, with its time
// of append when the store knows it (as Frame's omitempty would write it).
func msgFrame(m Stored) []byte {
	b := make([]byte, 0, len(m.Env)+60)
	b = append(b, `{"type":"msg","n":`...)
	b = strconv.AppendInt(b, m.N, 10)
	if m.At != 0 {
		b = append(b, `,"at":`...)
		b = strconv.AppendInt(b, m.At, 10)
	}
	b = append(b, `,"env":`...)
	b = append(b, m.Env...)
	return append(b, '}')
}

func (s *Server) subscribe(rd *reader) {
	s.mu.Lock()
	defer s.mu.Unlock()
	set := s.subs[rd.game]
	if set == nil {
		set = map[*reader]struct{}{}
		s.subs[rd.game] = set
	}
	set[rd] = struct{}{}
}

func (s *Server) unsubscribe(rd *reader) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if set := s.subs[rd.game]; set != nil {
		delete(set, rd)
		if len(set) == 0 {
			delete(s.subs, rd.game)
		}
	}
}

// relayNotes wakes the readers of each game the store says grew.
func (s *Server) relayNotes() {
	defer s.wg.Done()
	notes := s.store.Notes()
	for {
		select {
		case <-s.ctx.Done():
			return
		case n, ok := <-notes:
			if !ok {
				return
			}
			s.mu.Lock()
			for rd := range s.subs[n.Game] {
				select {
				case rd.wake <- struct{}{}:
				default: // already woken
				}
			}
			s.mu.Unlock()
		}
	}
}
