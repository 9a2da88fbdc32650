package mailroom

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"brass/app/online"
	"brass/mailbox"
)

// Options set up a Session.
type Options struct {
	URL  string // the mailbox endpoint, ws://…/mailbox
	Link *Link
	// Core is the game, resumed from this device's store (online.ResumeDealt, NewReplica).
	Core online.Core
	// Checkpoint is the last message read in an earlier visit whose replies the mailbox
	// acknowledged: the core is given those messages again (it lost them with its memory),
	// but its replies to them are not sent again.
	Checkpoint int64
	// Save stores the core's state; it is called whenever the core asks, before anything
	// the core then sends goes out.
	Save func() error
	// Checkpointed is told each new checkpoint, to store with the game.
	Checkpointed func(n int64)
	// Ready, if set, sees each Ready of the core once carried out (its notices, timers, and
	// whether the screen changed), but those of messages already answered.
	Ready func(online.Ready)
	// Dial opens the mailbox (default mailbox.Dial).
	Dial func(ctx context.Context, url string, open mailbox.Frame) (*mailbox.Conn, error)
}

// Session is one visit of a device to its game's mailbox: it reads the whole log into the
// core and appends what the core sends, until Close or until the connection ends.
type Session struct {
	opts Options
	conn *mailbox.Conn

	mu        sync.Mutex
	processed int64 // the last message number taken
	pending   int   // envelopes appended and not yet acknowledged
	live      bool  // every message up to the head at the open is taken
	rejected  []error
	err       error
	changed   chan struct{} // closed and replaced on every change
	genesis   genesisCheck
	loopDone  chan struct{}
}

// Open connects to the mailbox, greets the core's peers and starts reading the log.
func Open(ctx context.Context, opts Options) (*Session, error) {
	if opts.Dial == nil {
		opts.Dial = mailbox.Dial
	}
	conn, err := opts.Dial(ctx, opts.URL, mailbox.Frame{Game: opts.Link.Game()})
	if err != nil {
		return nil, err
	}
	s := &Session{opts: opts, conn: conn, changed: make(chan struct{}), loopDone: make(chan struct{}), genesis: genesisCheck{link: opts.Link}}
	s.mu.Lock()
	for _, ev := range opts.Link.Greet() {
		opts.Core.Step(ev)
	}
	s.flush(false)
	s.mu.Unlock()
	go s.loop()
	return s, nil
}

// loop takes the log's messages in order until the connection ends.
func (s *Session) loop() {
	defer close(s.loopDone)
	for d := range s.conn.Deliveries() {
		s.mu.Lock()
		if d.Live {
			s.live = true
		} else if d.N > s.processed {
			s.take(d)
			s.processed = d.N
		}
		s.settle()
		s.mu.Unlock()
	}
	s.mu.Lock()
	if s.err == nil {
		s.err = s.conn.Err()
	}
	s.settle()
	s.mu.Unlock()
}

// take steps one message into the core. Call with s.mu held.
func (s *Session) take(d mailbox.Delivery) {
	if err := s.genesis.see(d.Env); err != nil {
		s.err = err
		s.conn.Close()
		return
	}
	ev, ok, err := s.opts.Link.Event(d.Env)
	if err != nil {
		s.rejected = append(s.rejected, fmt.Errorf("message %d: %w", d.N, err))
		s.notice(fmt.Sprintf("The mailbox passed on message %d, which does not check out (%v); it was ignored.", d.N, err))
		return
	}
	if !ok {
		return
	}
	s.opts.Core.Step(ev)
	s.flush(d.N <= s.opts.Checkpoint)
}

// Do runs a player's call on the core (Play, End, …) and sends what it produced.
func (s *Session) Do(call func() error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return s.err
	}
	err := call()
	s.flush(false)
	s.settle()
	return err
}

// flush carries out the core's Ready: save, then append (unless these are replies to
// messages answered in an earlier visit), then show. Call with s.mu held.
func (s *Session) flush(answered bool) {
	core := s.opts.Core
	rd := core.Ready()
	defer core.Advance()
	if rd.Save && s.opts.Save != nil {
		if err := s.opts.Save(); err != nil {
			s.fail(fmt.Errorf("saving the game: %w", err))
			return
		}
	}
	if answered {
		return
	}
	envs, err := s.opts.Link.Envelopes(rd.Messages)
	if err != nil {
		s.fail(err)
		return
	}
	for _, e := range envs {
		wait, err := s.conn.Post(context.Background(), e)
		if err != nil {
			s.fail(err)
			return
		}
		s.pending++
		go s.await(wait)
	}
	if s.opts.Ready != nil {
		s.opts.Ready(rd)
	}
}

// await counts an append done once the mailbox has stored it.
func (s *Session) await(wait func(context.Context) (mailbox.Appended, error)) {
	_, err := wait(context.Background())
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pending--
	if err != nil {
		s.fail(err)
	}
	s.settle()
}

// settle moves the checkpoint on when nothing sent is waiting, and wakes whoever waits for
// a change. Call with s.mu held.
func (s *Session) settle() {
	if s.pending == 0 && s.err == nil && s.processed > s.opts.Checkpoint {
		s.opts.Checkpoint = s.processed
		if s.opts.Checkpointed != nil {
			s.opts.Checkpointed(s.processed)
		}
	}
	close(s.changed)
	s.changed = make(chan struct{})
}

func (s *Session) notice(text string) {
	if s.opts.Ready != nil {
		s.opts.Ready(online.Ready{Notices: []online.Notice{{Text: text, Bad: true}}, Changed: true})
	}
}

func (s *Session) fail(err error) {
	if s.err == nil {
		s.err = err
		go s.conn.Close()
	}
}

// Idle waits until the session has taken every message the log held when it opened, and
// the mailbox has stored everything the core sent since.
func (s *Session) Idle(ctx context.Context) error {
	for {
		s.mu.Lock()
		idle, err, ch := s.live && s.pending == 0, s.err, s.changed
		s.mu.Unlock()
		switch {
		case err != nil:
			return err
		case idle:
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// Checkpoint is the session's checkpoint now.
func (s *Session) Checkpoint() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.opts.Checkpoint
}

// Rejected lists the envelopes the mailbox passed on that did not check out.
func (s *Session) Rejected() []error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]error(nil), s.rejected...)
}

// Err is why the session ended (nil while it goes on).
func (s *Session) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// Close ends the visit.
func (s *Session) Close() error {
	err := s.conn.Close()
	<-s.loopDone
	if errors.Is(err, mailbox.ErrClosed) {
		err = nil
	}
	return err
}
