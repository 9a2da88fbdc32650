package mailroom

import (
	"context"
	"encoding/json"
	"errors"
	"sync"

	"brass/app/online"
	"brass/mailbox"
)

// LobbyOptions set up a LobbySession.
type LobbyOptions struct {
	URL   string
	Lobby *Lobby
	// Save stores the lobby (Lobby.Config) whenever it is about to say something, before it
	// goes out, and Ready sees each of the lobby's Ready once carried out (Begin among them:
	// the shell then closes this session and opens the game's).
	Save  func() error
	Ready func(online.Ready)
	// Run runs a function where the shell's state lives (the UI's goroutine); nil runs it at
	// once, under the session's lock.
	Run  func(func())
	Dial func(ctx context.Context, url string, open mailbox.Frame) (*mailbox.Conn, error)
	// At, if set, is told the mailbox's time (Unix ms) of each message before the lobby takes
	// it (the game's first turn runs from its genesis's).
	At func(int64)
}

// LobbySession is one visit of a device to its game's mailbox before the game begins: it
// reads the whole log into the lobby, then every message appended while it is open, and
// appends what the lobby says.
type LobbySession struct {
	opts LobbyOptions
	conn *mailbox.Conn

	mu       sync.Mutex
	pending  int
	live     bool
	read     int64 // the last message read
	want     int64 // the last message this visit appended: read back, the lobby acts on it
	err      error
	changed  chan struct{}
	loopDone chan struct{}
}

// OpenLobby connects to the mailbox (creating the game, for its host) and starts reading.
func OpenLobby(ctx context.Context, opts LobbyOptions) (*LobbySession, error) {
	if opts.Dial == nil {
		opts.Dial = mailbox.Dial
	}
	if opts.Run == nil {
		opts.Run = func(f func()) { f() }
	}
	conn, err := opts.Dial(ctx, opts.URL, opts.Lobby.Open())
	if err != nil {
		return nil, err
	}
	s := &LobbySession{opts: opts, conn: conn, changed: make(chan struct{}), loopDone: make(chan struct{})}
	go s.loop()
	return s, nil
}

func (s *LobbySession) loop() {
	defer close(s.loopDone)
	for d := range s.conn.Deliveries() {
		ev := online.Event{Kind: online.Opened, Peer: MailboxPeer}
		if !d.Live {
			raw, _ := json.Marshal(d.Env)
			ev = online.Event{Kind: online.Message, Peer: MailboxPeer, Data: raw}
		}
		at := d.At
		s.opts.Run(func() {
			if at > 0 && s.opts.At != nil {
				s.opts.At(at)
			}
			s.step(ev, d.Live, d.N)
		})
	}
	s.opts.Run(func() {
		s.mu.Lock()
		if s.err == nil {
			s.err = s.conn.Err()
		}
		s.mu.Unlock()
		s.step(online.Event{Kind: online.Left, Peer: MailboxPeer}, false, 0)
	})
}

// step hands the lobby one event and carries out what it says.
func (s *LobbySession) step(ev online.Event, live bool, n int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if live {
		s.live = true
	} else if n > s.read {
		s.read = n
	}
	l := s.opts.Lobby
	l.Step(ev)
	rd := l.Ready()
	l.Advance()
	if len(rd.Messages) > 0 && s.opts.Save != nil {
		if err := s.opts.Save(); err != nil {
			s.failLocked(err)
			return
		}
	}
	for _, m := range rd.Messages {
		var e mailbox.Envelope
		if json.Unmarshal(m.Data, &e) != nil {
			continue
		}
		wait, err := s.conn.Post(context.Background(), e)
		if err != nil {
			s.failLocked(err)
			break
		}
		s.pending++
		go s.await(wait)
	}
	if s.opts.Ready != nil {
		s.mu.Unlock()
		s.opts.Ready(rd)
		s.mu.Lock()
	}
	s.wake()
}

func (s *LobbySession) await(wait func(context.Context) (mailbox.Appended, error)) {
	a, err := wait(context.Background())
	s.opts.Run(func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.pending--
		s.want = max(s.want, a.N)
		if err != nil {
			var me *mailbox.Error
			if errors.As(err, &me) {
				s.opts.Lobby.Fail("The mailbox refused this game's lobby: " + me.Message)
			}
			s.failLocked(err)
		}
		s.wake()
	})
}

func (s *LobbySession) failLocked(err error) {
	if s.err == nil {
		s.err = err
		go s.conn.Close()
	}
}

func (s *LobbySession) wake() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// Idle waits until the lobby has read the whole log, the mailbox has stored everything it
// said, and the lobby has read that back (and said what it then has to say).
func (s *LobbySession) Idle(ctx context.Context) error {
	for {
		s.mu.Lock()
		idle, err, ch := s.live && s.pending == 0 && s.read >= s.want, s.err, s.changed
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

// Close ends the visit.
func (s *LobbySession) Close() error {
	err := s.conn.Close()
	<-s.loopDone
	if errors.Is(err, mailbox.ErrClosed) {
		err = nil
	}
	return err
}

// Done is closed once the visit has ended (Close, or the connection lost).
func (s *LobbySession) Done() <-chan struct{} { return s.loopDone }
