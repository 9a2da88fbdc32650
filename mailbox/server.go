//go:build !js

package mailbox

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// Server is the mailbox endpoint: an http.Handler for the WebSocket upgrade over a Store.
// It holds no game in memory: each reader reads the store from its own number, woken by
// the store's notes, so a slow reader slows nobody else and costs no queue.
type Server struct {
	cfg   Config
	store Store

	mu     sync.Mutex
	addrs  map[string]*addrState // by netguard.Key
	keys   map[string]*keyState  // append rates by signing key
	subs   map[string]map[*reader]struct{}
	conns  int
	closed bool

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	count counters
}

// counters are the server's running totals, for /healthz.
type counters struct {
	opens, creates, appends, dups, refused, delivered, storeErrors, tooSlow, swept atomic.Int64
}

// NewServer serves the store with the given quotas; Close stops it (and not the store,
// which the caller closes after).
func NewServer(store Store, cfg Config) *Server {
	cfg.fill()
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{cfg: cfg, store: store, addrs: map[string]*addrState{}, keys: map[string]*keyState{},
		subs: map[string]map[*reader]struct{}{}, ctx: ctx, cancel: cancel}
	s.wg.Add(2)
	go s.relayNotes()
	go s.janitor()
	return s
}

// Close ends every connection with a shutdown error and stops the server's goroutines.
func (s *Server) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	s.mu.Unlock()
	s.cancel()
	s.wg.Wait()
}

func (s *Server) logf(format string, args ...any) {
	if s.cfg.Logf != nil {
		s.cfg.Logf(format, args...)
	}
}

// ServeHTTP upgrades the request to a WebSocket and serves one device until it leaves.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: s.cfg.OriginPatterns})
	if err != nil {
		return // Accept has answered (403 for a foreign origin, 400 for a bad upgrade)
	}
	defer c.CloseNow()
	c.SetReadLimit(MaxFrame + 1)
	addr := s.cfg.Proxies.RemoteKey(r)
	if e := s.connect(addr); e != nil {
		s.refuse(c, addr, e)
		return
	}
	s.wg.Add(1)
	defer func() {
		s.disconnect(addr)
		s.wg.Done()
	}()
	s.serve(c, addr)
}

// serve reads the open, then the appends, while a reader sends the log.
func (s *Server) serve(c *websocket.Conn, addr string) {
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	openCtx, openCancel := context.WithTimeout(ctx, s.cfg.OpenTimeout)
	open, ended, err := s.readUntil(openCtx, c, func() {
		if s.ctx.Err() != nil {
			end(c, &writer{c: c, timeout: s.cfg.WriteTimeout}, errShutdown)
			return
		}
		s.refuse(c, addr, &Error{Code: CodeTimeout, Message: "No game was opened in time."})
	})
	openCancel()
	if ended {
		return
	}
	if err != nil {
		s.refuseErr(c, addr, err)
		return
	}
	g, e := s.open(ctx, open, addr)
	if e != nil {
		s.refuse(c, addr, e)
		return
	}
	s.count.opens.Add(1)
	out := &writer{c: c, timeout: s.cfg.WriteTimeout}
	if !out.frame(Frame{Type: TypeOpened, Game: g.ID, Head: g.Head, Seats: g.Seats, Started: g.Started}) {
		return
	}
	rd := &reader{s: s, game: g.ID, after: open.After, watch: open.Watch, out: out, wake: make(chan struct{}, 1)}
	s.subscribe(rd)
	defer s.unsubscribe(rd)
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer cancel()
		rd.run(ctx)
	}()
	go s.pinger(ctx, c)
	// When ctx ends while the appends wait for a frame (the server shuts down, or the reader
	// stopped), this says why, then closes the connection, which ends the wait.
	farewell := func() {
		switch {
		case s.ctx.Err() != nil:
			end(c, out, errShutdown)
		case rd.tooSlow.Load():
			end(c, out, &Error{Code: CodeTooSlow, Message: "Your connection could not keep up."})
		default:
			_ = c.Close(websocket.StatusNormalClosure, "")
		}
	}
	why := s.appends(ctx, c, addr, g, out, farewell)
	cancel()
	<-done
	if why != nil {
		out.frame(Frame{Type: TypeError, ID: why.id, Code: why.e.Code, Message: why.e.Message})
		_ = c.Close(statusFor(why.e.Code), why.e.Code)
		return
	}
	if rd.tooSlow.Load() {
		s.count.tooSlow.Add(1)
	}
	_ = c.Close(websocket.StatusNormalClosure, "") // a no-op once farewell has closed it
}

var errShutdown = &Error{Code: CodeShutdown, Message: "The server is shutting down."}

// readUntil reads one frame, or gives up when ctx ends. A read whose own context ends
// closes the connection at once (coder/websocket), before the error saying why could be
// written; so the read is given no context, and when ctx ends farewell runs instead: it
// writes that error and closes the connection, which ends the read. ended reports that
// farewell ran (the connection is closed, whatever the read returned).
func (s *Server) readUntil(ctx context.Context, c *websocket.Conn, farewell func()) (f Frame, ended bool, err error) {
	said := make(chan struct{})
	stop := context.AfterFunc(ctx, func() {
		defer close(said)
		farewell()
	})
	f, err = s.readFrame(context.Background(), c)
	if !stop() {
		<-said
		return f, true, err
	}
	return f, false, err
}

// pinger pings an idle connection, so that a dead one is noticed.
func (s *Server) pinger(ctx context.Context, c *websocket.Conn) {
	t := time.NewTicker(s.cfg.PingInterval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			pctx, cancel := context.WithTimeout(ctx, s.cfg.WriteTimeout)
			err := c.Ping(pctx)
			cancel()
			if err != nil {
				if ctx.Err() == nil { // else the connection is ending, saying why
					_ = c.CloseNow()
				}
				return
			}
		}
	}
}

// readFrame reads and decodes one frame. It reads one byte past the limit itself, so that
// an oversized frame is answered with an error before the close.
func (s *Server) readFrame(ctx context.Context, c *websocket.Conn) (Frame, error) {
	typ, r, err := c.Reader(ctx)
	if err != nil {
		return Frame{}, err
	}
	b, err := io.ReadAll(io.LimitReader(r, MaxFrame+1))
	if err != nil {
		return Frame{}, err
	}
	if len(b) > MaxFrame {
		return Frame{}, &Error{Code: CodeTooBig, Message: fmt.Sprintf("A frame was larger than %d bytes.", MaxFrame)}
	}
	if typ != websocket.MessageText {
		return Frame{}, &Error{Code: CodeBadMessage, Message: "Frames must be JSON text."}
	}
	var f Frame
	if err := json.Unmarshal(b, &f); err != nil {
		return Frame{}, &Error{Code: CodeBadMessage, Message: "A frame was not valid JSON of this protocol."}
	}
	return f, nil
}

// refuse sends an error with no id and closes the connection.
func (s *Server) refuse(c *websocket.Conn, addr string, e *Error) {
	s.count.refused.Add(1)
	s.logf("mailbox: %s refused: %s", addr, e.Code)
	end(c, &writer{c: c, timeout: s.cfg.WriteTimeout}, e)
}

// end sends an error with no id and closes the connection.
func end(c *websocket.Conn, w *writer, e *Error) {
	w.refusal(e)
	_ = c.Close(statusFor(e.Code), e.Code)
}

// refuseErr refuses for a read error: a protocol error is told, a broken connection is not.
func (s *Server) refuseErr(c *websocket.Conn, addr string, err error) {
	var e *Error
	if errors.As(err, &e) {
		s.refuse(c, addr, e)
	}
}

// statusFor is the WebSocket close status of an error code.
func statusFor(code string) websocket.StatusCode {
	switch code {
	case CodeTooBig:
		return websocket.StatusMessageTooBig
	case CodeShutdown:
		return websocket.StatusGoingAway
	case CodeTooManyConns, CodeRateLimit, CodeTooManyGames, CodeUnavailable, CodeStoreFull:
		return websocket.StatusTryAgainLater
	}
	return websocket.StatusPolicyViolation
}

// writer writes one connection's frames; the reader's goroutine and the appends' both
// write, one at a time.
type writer struct {
	mu      sync.Mutex
	c       *websocket.Conn
	timeout time.Duration
	failed  bool
	late    bool // a write waited out its timeout: the peer reads too slowly
}

func (w *writer) raw(b []byte) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.failed {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), w.timeout)
	defer cancel()
	if err := w.c.Write(ctx, websocket.MessageText, b); err != nil {
		w.failed = true
		w.late = ctx.Err() != nil
		return false
	}
	return true
}

// tooSlow reports whether a write failed for waiting out its timeout.
func (w *writer) tooSlow() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.late
}

func (w *writer) frame(f Frame) bool {
	b, err := json.Marshal(f)
	return err == nil && w.raw(b)
}

func (w *writer) refusal(e *Error) bool {
	return w.frame(Frame{Type: TypeError, Code: e.Code, Message: e.Message})
}
