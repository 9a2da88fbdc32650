package mailroom

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"

	"brass/app/online"
	"brass/mailbox"
)

// What a mailbox can make a device hold is bounded: the messages of one game it reads (the
// envelopes taken, by key and nonce, and the log up to the checkpoint, held until its hash
// is checked), far above any mailbox's cap on a game, and the messages that do not check out
// (kept with the checkpoint): past either, the mailbox is not trusted with the game.
const (
	maxLog      = 100000
	maxRejected = 64
)

// hellos is a core that can be greeted again from what it was told before
// (online.Replica): a checkpoint then keeps its Hellos, and the next visit reads only what
// came after it.
type hellos interface{ Hellos() map[string][]byte }

// Options set up a Session.
type Options struct {
	URL  string // the mailbox endpoint, ws://…/mailbox
	Link *Link
	// Core is the game, resumed from this device's store (online.ResumeDealt, NewReplica).
	Core online.Core
	// Checkpoint is where an earlier visit left the mailbox (zero on the first).
	Checkpoint Checkpoint
	// Save stores the core's state; it is called whenever the core asks, before anything
	// the core then sends goes out.
	Save func() error
	// Checkpointed is told each new checkpoint. It must store it with the core's state as it
	// is then, in one write: the next visit takes the core up from that store and reads only
	// what came after the checkpoint.
	Checkpointed func(Checkpoint)
	// Ready, if set, sees each Ready of the core once carried out (its notices, timers, and
	// whether the screen changed), but those of messages already answered.
	Ready func(online.Ready)
	// Dial opens the mailbox (default mailbox.Dial) with the open frame given: the game's,
	// after Checkpoint.After.
	Dial func(ctx context.Context, url string, open mailbox.Frame) (*mailbox.Conn, error)
	// Run runs a function where the core lives (the UI's goroutine, where the screen reads
	// it); nil runs it at once. Every delivery and acknowledgement is handled through it.
	Run func(func())
	// At, if set, is told the mailbox's time (Unix ms) of each message before the core takes
	// it (the time per turn of an own-pace game runs from it).
	At func(int64)
}

// Session is one visit of a device to its game's mailbox: it reads the log into the core
// (what came after the checkpoint, or all of it) and appends what the core sends, until Close
// or until the connection ends.
type Session struct {
	opts Options
	conn *mailbox.Conn

	mu        sync.Mutex
	processed int64 // the last message number read
	chain     chain // the log's hash up to processed
	prev      chain // and up to the message before it
	resume    bool  // the log is read from the checkpoint's message: what came before it is not
	history   []mailbox.Delivery
	skipped   []int64 // messages that did not check out, this visit and earlier
	pending   int     // envelopes appended and not yet acknowledged
	live      bool    // every message up to the head at the open is taken
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
	if opts.Run == nil {
		opts.Run = func(f func()) { f() }
	}
	cp := opts.Checkpoint
	conn, err := opts.Dial(ctx, opts.URL, mailbox.Frame{Game: opts.Link.Game(), After: cp.After()})
	if err != nil {
		return nil, err
	}
	s := &Session{opts: opts, conn: conn, changed: make(chan struct{}), loopDone: make(chan struct{}), genesis: genesisCheck{link: opts.Link},
		skipped: append([]int64(nil), cp.Rejected...)}
	if cp.resumes() {
		s.resume, s.processed = true, cp.N-1
		copy(s.chain[:], cp.Prev)
	}
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
		s.opts.Run(func() {
			s.mu.Lock()
			s.deliver(d)
			s.settle()
			s.mu.Unlock()
		})
	}
	s.opts.Run(func() {
		s.mu.Lock()
		if s.err == nil {
			s.err = s.conn.Err()
		}
		s.settle()
		s.mu.Unlock()
	})
}

// deliver takes one delivery: the log must come whole and in order from where the visit
// opened it (a gap is a message the mailbox withholds); up to the checkpoint it is held until
// its hash shows it is the log read before. Call with s.mu held.
func (s *Session) deliver(d mailbox.Delivery) {
	cp := s.opts.Checkpoint
	if s.resume && s.processed == cp.N-1 && !d.Live && d.N == 1 && cp.N > 1 {
		// The connection was opened on the whole log (by a shell that dialled it itself):
		// read it all, as for a checkpoint that cannot resume.
		s.resume, s.processed, s.chain = false, 0, chain{}
	}
	switch {
	case s.err != nil:
		return
	case d.Live:
		if d.N < cp.N {
			s.lie(fmt.Sprintf("it holds %d messages of this game, and this device read %d of it before", d.N, cp.N))
			return
		}
		s.live = true
		return
	case d.N != s.processed+1:
		s.lie(fmt.Sprintf("it passed on message %d after message %d", d.N, s.processed))
		return
	case d.N > maxLog:
		s.lie(fmt.Sprintf("it holds more than %d messages of one game", maxLog))
		return
	}
	s.prev, s.chain, s.processed = s.chain, s.chain.next(d.N, &d.Env), d.N
	if d.N > cp.N {
		if s.opts.At != nil && d.At > 0 {
			s.opts.At(d.At)
		}
		s.take(d, true)
		return
	}
	s.history = append(s.history, d)
	if d.N < cp.N {
		return
	}
	if string(s.chain[:]) != string(cp.Hash) {
		s.lie("the messages up to the last one it read are not the ones it read then")
		return
	}
	if s.resume {
		s.recall()
	} else {
		for _, h := range s.history {
			if !cp.rejected(h.N) {
				s.take(h, false)
			}
		}
	}
	s.history = nil
}

// recall gives the core, taken up from the store that holds everything up to the checkpoint,
// what it needs of the log up to there: the envelopes taken are known again (none is taken
// twice), and each seat's newest hello is stepped in, as answered. Call with s.mu held.
func (s *Session) recall() {
	cp := s.opts.Checkpoint
	s.opts.Link.remember(cp.Taken)
	peers := slices.Sorted(maps.Keys(cp.Hellos))
	for _, peer := range peers {
		if seat := seatOf(peer); seat < 0 || seat == s.opts.Link.seat || seat >= len(s.opts.Link.genesis.Keys) {
			continue // (no other seat of this game: nothing a mailbox could have said)
		}
		s.opts.Core.Step(online.Event{Kind: online.Message, Peer: peer, Data: cp.Hellos[peer]})
		s.flush(true)
	}
}

// lie ends the visit: the mailbox shows this device another log than the one it is. Call
// with s.mu held.
func (s *Session) lie(what string) {
	s.fail(fmt.Errorf("the mailbox does not hold this game as this device read it: %s; it cannot be trusted with the game", what))
	s.notice(s.err.Error())
}

// take steps one message into the core; check: check its envelope (one read before, its
// hash checked, was checked then). Call with s.mu held.
func (s *Session) take(d mailbox.Delivery, check bool) {
	if err := s.genesis.see(d.Env); err != nil {
		s.err = err
		s.conn.Close()
		return
	}
	ev, ok, err := s.opts.Link.Event(d.Env, check)
	if err != nil {
		s.skipped = append(s.skipped, d.N)
		s.rejected = append(s.rejected, fmt.Errorf("message %d: %w", d.N, err))
		if len(s.skipped) > maxRejected {
			s.lie(fmt.Sprintf("it passed on more than %d messages that do not check out", maxRejected))
			return
		}
		s.notice(fmt.Sprintf("The mailbox passed on message %d, which does not check out (%v); it was ignored.", d.N, err))
		return
	}
	if !ok {
		return
	}
	ev.At = d.At
	s.opts.Core.Step(ev)
	s.flush(d.N <= s.opts.Checkpoint.N)
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
	s.opts.Run(func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.pending--
		if err != nil {
			s.fail(err)
		}
		s.settle()
	})
}

// settle moves the checkpoint on when nothing sent is waiting, and wakes whoever waits for
// a change. Call with s.mu held.
func (s *Session) settle() {
	h, greets := s.opts.Core.(hellos)
	old := s.opts.Checkpoint
	// (A checkpoint that cannot resume is stored again once the log up to it is read, so that
	// the next visit reads from it even if nothing came since.)
	further := s.processed > old.N || s.processed == old.N && s.processed > 0 && greets && !old.resumes()
	if s.pending == 0 && s.err == nil && further && s.history == nil {
		cp := Checkpoint{N: s.processed, Hash: append([]byte(nil), s.chain[:]...), Rejected: append([]int64(nil), s.skipped...)}
		if greets {
			cp.Prev, cp.Taken, cp.Hellos = append([]byte(nil), s.prev[:]...), s.opts.Link.takenIDs(), h.Hellos()
		}
		s.opts.Checkpoint = cp
		if s.opts.Checkpointed != nil {
			s.opts.Checkpointed(s.opts.Checkpoint)
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

// Flush sends what the core has produced since (a shell that calls the core itself, as Do
// does for one call).
func (s *Session) Flush() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err == nil {
		s.flush(false)
		s.settle()
	}
}

// Finish tells the mailbox the game is over (call it once the game has ended and its audit
// is done); saying it again changes nothing.
func (s *Session) Finish(ctx context.Context) error {
	e, err := s.opts.Link.Finish()
	if err != nil {
		return err
	}
	_, err = s.conn.Append(ctx, e)
	return err
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

// Rejected lists the envelopes the mailbox passed on that did not check out.
func (s *Session) Rejected() []error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]error(nil), s.rejected...)
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

// Done is closed once the visit has ended (Close, or the connection lost).
func (s *Session) Done() <-chan struct{} { return s.loopDone }
