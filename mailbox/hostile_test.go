//go:build !js

package mailbox_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"brass/internal/netguard"
	"brass/mailbox"
)

// Hostile clients. Each attack is checked three ways: the attacker gets a clear error
// frame (a code of protocol.go) before its connection ends; an honest device of the same
// game, connected all along, is still served; and the store holds exactly what it held
// before the attack. Everything is bounded and on loopback.

// scene is a started game with an honest device connected to it.
type scene struct {
	h    *harness
	g    *game
	by   *device // the bystander
	turn int
	// served checks the bystander after an attack (nil: stillServed).
	served func(t *testing.T)
}

func newScene(t *testing.T, cfg mailbox.Config) *scene {
	t.Helper()
	h := newHarness(t, cfg)
	g := newGame(t, 2)
	h.started(t, g)
	h.waitConns(t, 0) // started's connection is gone: the bystander is the only one
	by := h.open(t, mailbox.Frame{Game: g.id})
	by.waitLive()
	return &scene{h: h, g: g, by: by}
}

// snap is what the store holds of the scene's game.
func (s *scene) snap(t *testing.T) snapshot { t.Helper(); return s.h.snap(t, s.g.id) }

// stillServed checks that the bystander still appends and is delivered what it appends.
func (s *scene) stillServed(t *testing.T) {
	t.Helper()
	s.turn++
	a := s.by.appendOK(s.g.move(s.turn%2, fmt.Sprintf(`{"honest":%d}`, s.turn)))
	s.by.waitN(a.N)
}

// open gives a raw connection that has opened the scene's game.
func (s *scene) open(t *testing.T) *rawConn {
	t.Helper()
	r := s.h.raw(t, nil)
	r.openGame(mailbox.Frame{Game: s.g.id, After: 1 << 30})
	return r
}

// attack runs one attack, checks its error, the store and the bystander.
func (s *scene) attack(t *testing.T, name string, code string, id int64, run func(t *testing.T) *rawConn) {
	t.Helper()
	t.Run(name, func(t *testing.T) {
		before := s.snap(t)
		r := run(t)
		r.expectError(code, id)
		s.h.unchanged(t, before)
		if s.served != nil {
			s.served(t)
		} else {
			s.stillServed(t)
		}
	})
}

// first sends raw bytes as a connection's first frame.
func (s *scene) first(b []byte) func(t *testing.T) *rawConn {
	return func(t *testing.T) *rawConn {
		r := s.h.raw(t, nil)
		r.sendText(b)
		return r
	}
}

// afterOpen sends raw bytes after a good open.
func (s *scene) afterOpen(b []byte) func(t *testing.T) *rawConn {
	return func(t *testing.T) *rawConn {
		r := s.open(t)
		r.sendText(b)
		return r
	}
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// Frames that are not JSON, JSON of the wrong shape, binary messages, frames out of
// order: each is bad-message (or reload, for a first frame of no version), closing only
// its connection, storing nothing.
func TestMalformedFrames(t *testing.T) {
	s := newScene(t, mailbox.Config{})
	g := s.g
	openG := mustJSON(mailbox.Frame{V: 1, Type: mailbox.TypeOpen, Game: g.id})
	move := g.move(0, `{"ok":true}`)
	appendM := mustJSON(appendFrame(1, move))
	unchecked := move
	unchecked.Nonce = "short"
	create := g.create()

	for _, c := range []struct {
		name, code string
		id         int64
		run        func(t *testing.T) *rawConn
	}{
		{"first not JSON", mailbox.CodeBadMessage, 0, s.first([]byte("{not json"))},
		{"first empty", mailbox.CodeBadMessage, 0, s.first(nil)},
		{"first an array", mailbox.CodeBadMessage, 0, s.first([]byte(`[1,2,3]`))},
		{"first a string", mailbox.CodeBadMessage, 0, s.first([]byte(`"open"`))},
		{"first type a number", mailbox.CodeBadMessage, 0, s.first([]byte(`{"v":1,"type":7,"game":"` + g.id + `"}`))},
		{"first after a string", mailbox.CodeBadMessage, 0, s.first([]byte(`{"v":1,"type":"open","game":"` + g.id + `","after":"9"}`))},
		{"first after negative", mailbox.CodeBadMessage, 0, s.first([]byte(`{"v":1,"type":"open","game":"` + g.id + `","after":-1}`))},
		{"first unknown type", mailbox.CodeBadMessage, 0, s.first([]byte(`{"v":1,"type":"dance","game":"` + g.id + `"}`))},
		{"first open with an envelope", mailbox.CodeBadMessage, 0, s.first(mustJSON(mailbox.Frame{V: 1, Type: mailbox.TypeOpen, Game: g.id, ID: 1, Env: &move}))},
		{"first create not a create", mailbox.CodeBadMessage, 0, s.first(mustJSON(mailbox.Frame{V: 1, Type: mailbox.TypeOpen, Game: g.id, Create: &move}))},
		{"first create replayed as a watcher", mailbox.CodeBadMessage, 0, s.first(mustJSON(mailbox.Frame{V: 1, Type: mailbox.TypeOpen, Game: g.id, Create: &create, Watch: true}))},
		{"first an append of this version", mailbox.CodeBadMessage, 0, s.first(mustJSON(mailbox.Frame{V: 1, Type: mailbox.TypeAppend, ID: 1, Env: &move}))},
		// A first frame of no version is what another version's page might send: reload.
		{"first an append, no version", mailbox.CodeReload, 0, s.first(appendM)},
		{"first null", mailbox.CodeReload, 0, s.first([]byte(`null`))},
		{"first binary", mailbox.CodeBadMessage, 0, func(t *testing.T) *rawConn {
			r := s.h.raw(t, nil)
			if err := r.c.Write(ctxT(t), websocket.MessageBinary, openG); err != nil {
				t.Fatal(err)
			}
			return r
		}},
		{"append not JSON", mailbox.CodeBadMessage, 0, s.afterOpen([]byte(`{"type":"append","id":1,"env":`))},
		{"append without envelope", mailbox.CodeBadMessage, 0, s.afterOpen([]byte(`{"type":"append","id":1}`))},
		{"append id 0", mailbox.CodeBadMessage, 0, s.afterOpen(mustJSON(appendFrame(0, move)))},
		{"append id negative", mailbox.CodeBadMessage, 0, s.afterOpen(mustJSON(appendFrame(-4, move)))},
		{"append envelope of the wrong shape", mailbox.CodeBadMessage, 0, s.afterOpen([]byte(`{"type":"append","id":1,"env":{"game":"` + g.id + `","kind":"game","from":"zero"}}`))},
		{"append body not base64", mailbox.CodeBadMessage, 0, s.afterOpen([]byte(`{"type":"append","id":1,"env":{"game":"` + g.id + `","kind":"game","from":0,"to":-1,"body":"!!"}}`))},
		{"append unchecked envelope", mailbox.CodeBadMessage, 3, s.afterOpen(mustJSON(appendFrame(3, unchecked)))},
		{"append unknown kind", mailbox.CodeBadMessage, 1, s.afterOpen(mustJSON(appendFrame(1, g.signed("chat", 0, -1, nil, g.seats[0].sign))))},
		{"append sealed to its sender", mailbox.CodeBadMessage, 1, s.afterOpen(mustJSON(appendFrame(1, g.signed(mailbox.KindGame, 0, 0, make([]byte, 64), g.seats[0].sign))))},
		{"append oversize body", mailbox.CodeBadMessage, 1, s.afterOpen(mustJSON(appendFrame(1, g.signed(mailbox.KindGame, 0, -1, make([]byte, mailbox.MaxBody+1), g.seats[0].sign))))},
		{"append a create", mailbox.CodeNotAllowed, 1, s.afterOpen(mustJSON(appendFrame(1, create)))},
		{"append binary", mailbox.CodeBadMessage, 0, func(t *testing.T) *rawConn {
			r := s.open(t)
			if err := r.c.Write(ctxT(t), websocket.MessageBinary, appendM); err != nil {
				t.Fatal(err)
			}
			return r
		}},
		{"a second open", mailbox.CodeBadMessage, 0, s.afterOpen(openG)},
		{"an ack from the client", mailbox.CodeBadMessage, 0, s.afterOpen([]byte(`{"type":"ack","id":1,"n":3}`))},
	} {
		s.attack(t, c.name, c.code, c.id, c.run)
	}
}

// A frame over MaxFrame, first or after the open, is answered too-big before a 1009 close;
// a frame of exactly MaxFrame is read (and refused for what it says, not its size).
func TestOversizeFrame(t *testing.T) {
	s := newScene(t, mailbox.Config{})
	big := func(n int) []byte {
		b := bytes.Repeat([]byte(" "), n)
		copy(b, `{"type":"append","id":1}`)
		return b
	}
	for _, c := range []struct {
		name  string
		size  int
		first bool
	}{
		{"first, one byte over", mailbox.MaxFrame + 1, true},
		{"first, a MiB", 1 << 20, true},
		{"after the open, one byte over", mailbox.MaxFrame + 1, false},
		{"after the open, 4 MiB", 4 << 20, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := s.snap(t)
			var r *rawConn
			if c.first {
				r = s.h.raw(t, nil)
			} else {
				r = s.open(t)
			}
			go func() { _ = r.c.Write(context.Background(), websocket.MessageText, big(c.size)) }()
			var f mailbox.Frame
			for f.Type != mailbox.TypeError {
				var err error
				if f, err = r.read(); err != nil {
					t.Fatalf("no error frame before the close: %v", err)
				}
			}
			if f.Code != mailbox.CodeTooBig || f.Message == "" {
				t.Fatalf("got %+v, want %s", f, mailbox.CodeTooBig)
			}
			_, err := r.read()
			if websocket.CloseStatus(err) != websocket.StatusMessageTooBig {
				t.Fatalf("closed with %v, want status %d", err, websocket.StatusMessageTooBig)
			}
			s.h.unchanged(t, before)
			s.stillServed(t)
		})
	}
	// A frame of exactly MaxFrame is no frame of this protocol, but not too big.
	s.attack(t, "exactly MaxFrame", mailbox.CodeBadMessage, 0, s.afterOpen(big(mailbox.MaxFrame)))
}

// An open of another protocol version is told to reload.
func TestOtherVersionReloads(t *testing.T) {
	s := newScene(t, mailbox.Config{})
	for _, v := range []int{0, 2, -1, 1 << 30} {
		b := mustJSON(mailbox.Frame{V: v, Type: mailbox.TypeOpen, Game: s.g.id})
		if v == 0 {
			b = []byte(`{"v":0,"type":"open","game":"` + s.g.id + `"}`)
		}
		s.attack(t, fmt.Sprintf("v%d", v), mailbox.CodeReload, 0, s.first(b))
	}
}

// A connection that opens nothing within OpenTimeout is told timeout and closed; one that
// opens in time is served.
func TestOpenTimeout(t *testing.T) {
	s := newScene(t, mailbox.Config{OpenTimeout: 300 * time.Millisecond})
	s.attack(t, "silent", mailbox.CodeTimeout, 0, func(t *testing.T) *rawConn { return s.h.raw(t, nil) })
	s.attack(t, "a ping is no open", mailbox.CodeTimeout, 0, func(t *testing.T) *rawConn {
		r := s.h.raw(t, nil)
		go func() { _ = r.c.Ping(context.Background()) }()
		return r
	})
	// The bystander, served after each attack, has by then been connected for longer than
	// the timeout: an open once sent is not subject to it.
}

// A flood of frames past the connection's burst is rate-limit, and the connection ends;
// the flood's frames (retries of one stored envelope) store nothing.
func TestFrameFlood(t *testing.T) {
	s := newScene(t, mailbox.Config{FramesPerSecond: 1, FrameBurst: 20})
	move := s.g.move(0, `{"once":true}`)
	stored := s.by.appendOK(move)
	before := s.snap(t)
	r := s.open(t)
	go func() {
		for i := range 200 {
			if r.c.Write(context.Background(), websocket.MessageText, mustJSON(appendFrame(int64(i+1), move))) != nil {
				return
			}
		}
	}()
	acks := 0
	for {
		f, err := r.read()
		if err != nil {
			t.Fatalf("the flood ended without an error frame: %v", err)
		}
		if f.Type == mailbox.TypeAck {
			if !f.Dup || f.N != stored.N {
				t.Fatalf("a retry was answered %+v, want dup %d", f, stored.N)
			}
			acks++
			continue
		}
		if f.Type == mailbox.TypeError {
			if f.Code != mailbox.CodeRateLimit || f.ID != 0 || acks != 20 {
				t.Fatalf("after %d acks: %+v, want %s after the burst of 20", acks, f, mailbox.CodeRateLimit)
			}
			break
		}
	}
	if _, err := r.read(); websocket.CloseStatus(err) != websocket.StatusTryAgainLater {
		t.Fatalf("the flood's connection closed with %v, want status %d", err, websocket.StatusTryAgainLater)
	}
	s.h.unchanged(t, before)
	s.stillServed(t)
}

// Appends of one signing key are rate-limited across its connections; another key is not.
func TestAppendRatePerKey(t *testing.T) {
	s := newScene(t, mailbox.Config{AppendsPerKeySecond: 0.001, AppendKeyBurst: 3})
	g := s.g
	a := s.open(t)
	b := s.open(t)
	send := func(r *rawConn, id int64, env mailbox.Envelope) mailbox.Frame {
		r.send(appendFrame(id, env))
		for {
			f, err := r.read()
			if err != nil {
				t.Fatalf("append %d: %v", id, err)
			}
			if f.Type == mailbox.TypeAck || f.Type == mailbox.TypeError {
				return f
			}
		}
	}
	// The bystander appended nothing as seat 0 yet: seat 0 has 3 appends, on any connection.
	for i, r := range []*rawConn{a, b, a} {
		if f := send(r, int64(i+1), g.move(0, `{}`)); f.Type != mailbox.TypeAck {
			t.Fatalf("append %d of the burst: %+v", i, f)
		}
	}
	before := s.snap(t)
	if f := send(b, 9, g.move(0, `{"fourth":true}`)); f.Code != mailbox.CodeRateLimit || f.ID != 9 {
		t.Fatalf("the fourth append of a key: %+v, want %s", f, mailbox.CodeRateLimit)
	}
	if f := send(a, 4, g.move(0, `{"fifth":true}`)); f.Code != mailbox.CodeRateLimit || f.ID != 4 {
		t.Fatalf("the key's append on its other connection: %+v, want %s", f, mailbox.CodeRateLimit)
	}
	s.h.unchanged(t, before)
	// Seat 1's key is not limited by seat 0's appends.
	s.by.appendOK(g.move(1, `{"other key":true}`))
}

// rawOpenFrom dials as if through a proxy that saw the client at forwardedFor, opens a
// game, and returns the connection or the server's refusal.
func rawOpenFrom(t *testing.T, h *harness, forwardedFor string, open mailbox.Frame) (*rawConn, *mailbox.Error) {
	t.Helper()
	hdr := http.Header{}
	if forwardedFor != "" {
		hdr.Set("X-Forwarded-For", forwardedFor)
	}
	r := h.raw(t, hdr)
	open.V, open.Type = mailbox.Version, mailbox.TypeOpen
	r.send(open)
	f, err := r.read()
	if err != nil {
		t.Fatalf("no answer to the open: %v", err)
	}
	switch f.Type {
	case mailbox.TypeOpened:
		return r, nil
	case mailbox.TypeError:
		return nil, &mailbox.Error{Code: f.Code, Message: f.Message}
	}
	t.Fatalf("the open was answered %+v", f)
	return nil, nil
}

// An address keeps at most MaxConnsPerAddr connections; a closed one frees its place.
// Behind a trusted proxy each forwarded address has its own cap, and a client's own
// claims in the header are not believed; without trust, the header counts for nothing.
func TestConnectionsPerAddress(t *testing.T) {
	t.Run("direct", func(t *testing.T) {
		s := newScene(t, mailbox.Config{MaxConnsPerAddr: 3}) // the bystander is one
		before := s.snap(t)
		var conns []*rawConn
		for i := range 2 {
			r, e := rawOpenFrom(t, s.h, "198.51.100.1", mailbox.Frame{Game: s.g.id})
			if e != nil {
				t.Fatalf("connection %d: %v", i, e)
			}
			conns = append(conns, r)
		}
		// Untrusted header: still 127.0.0.1.
		if _, e := rawOpenFrom(t, s.h, "198.51.100.2", mailbox.Frame{Game: s.g.id}); e == nil || e.Code != mailbox.CodeTooManyConns {
			t.Fatalf("the fourth connection from an address: %v, want %s", e, mailbox.CodeTooManyConns)
		}
		s.h.unchanged(t, before)
		s.stillServed(t)
		_ = conns[0].c.Close(websocket.StatusNormalClosure, "")
		s.h.waitConns(t, 2)
		if _, e := rawOpenFrom(t, s.h, "", mailbox.Frame{Game: s.g.id}); e != nil {
			t.Fatalf("a connection after one closed: %v", e)
		}
	})
	t.Run("forwarded", func(t *testing.T) {
		s := newScene(t, mailbox.Config{MaxConnsPerAddr: 3, Proxies: netguard.Proxies{TrustForwardedFor: true, Trusted: netguard.DefaultTrusted()}})
		before := s.snap(t)
		for _, addr := range []string{"203.0.113.1", "203.0.113.2", "2001:db8:1:2::1"} {
			for i := range 3 {
				if _, e := rawOpenFrom(t, s.h, addr, mailbox.Frame{Game: s.g.id}); e != nil {
					t.Fatalf("connection %d from %s: %v", i, addr, e)
				}
			}
			if _, e := rawOpenFrom(t, s.h, addr, mailbox.Frame{Game: s.g.id}); e == nil || e.Code != mailbox.CodeTooManyConns {
				t.Fatalf("the fourth connection from %s: %v, want %s", addr, e, mailbox.CodeTooManyConns)
			}
		}
		// The client's own claim, left of what the proxy saw, is not believed; an IPv6
		// /64 is one address.
		for _, spoof := range []string{"10.1.1.1, 203.0.113.1", "2001:db8:1:2::99"} {
			if _, e := rawOpenFrom(t, s.h, spoof, mailbox.Frame{Game: s.g.id}); e == nil || e.Code != mailbox.CodeTooManyConns {
				t.Fatalf("a connection forwarded as %q: %v, want %s", spoof, e, mailbox.CodeTooManyConns)
			}
		}
		s.h.unchanged(t, before)
		s.stillServed(t)
		if st := s.h.stats(t); st.Connections != 10 {
			t.Fatalf("%d connections, want 9 forwarded and the bystander", st.Connections)
		}
	})
}

// slowDial dials with a receive buffer of a few KiB, so that a client that stops reading
// fills the server's socket quickly.
func slowDial(t *testing.T, h *harness) *websocket.Conn {
	t.Helper()
	var tcp *net.TCPConn
	tr := &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := (&net.Dialer{}).DialContext(ctx, network, addr)
		if tc, ok := c.(*net.TCPConn); ok {
			_ = tc.SetReadBuffer(4 << 10)
			tcp = tc
		}
		return c, err
	}}
	t.Cleanup(tr.CloseIdleConnections)
	c, _, err := websocket.Dial(ctxT(t), h.url, &websocket.DialOptions{HTTPClient: &http.Client{Transport: tr}})
	if err != nil {
		t.Fatal(err)
	}
	c.SetReadLimit(1 << 30)
	t.Cleanup(func() { _ = c.CloseNow() })
	if tcp == nil {
		t.Fatal("the dial made no TCP connection")
	}
	return c
}

// A client that stops reading while its game grows is dropped as too slow once a write to
// it waits WriteTimeout; the other readers of the game are not held up, and keep reading.
func TestSlowReaderIsDropped(t *testing.T) {
	s := newScene(t, mailbox.Config{WriteTimeout: 300 * time.Millisecond, Limits: mailbox.Limits{MaxBytes: 64 << 20}})
	slow := slowDial(t, s.h)
	if err := slow.Write(ctxT(t), websocket.MessageText, mustJSON(mailbox.Frame{V: 1, Type: mailbox.TypeOpen, Game: s.g.id})); err != nil {
		t.Fatal(err)
	}
	// It reads nothing more. The game grows by 100 KiB messages until the server gives up
	// on it (a bound, not a figure: the socket buffers are a few MiB at most).
	eventually(t, "the slow client's open to be served", func() bool { return s.h.stats(t).Readers == 2 })
	body := strings.Repeat("x", 100<<10)
	var last int64
	for i := 0; s.h.stats(t).TooSlow == 0; i++ {
		if i == 200 {
			t.Fatal("200 messages of 100 KiB (20 MiB) and the reader that reads none is not dropped")
		}
		last = s.by.appendOK(s.g.move(i%2, `"`+body+`"`)).N
	}
	s.h.waitConns(t, 1)
	// The honest reader got every message, and still gets new ones.
	s.by.waitN(last)
	s.stillServed(t)
	if err := s.by.Err(); err != nil {
		t.Fatalf("the honest reader was dropped too: %v", err)
	}
	// (The slow client is not read back to its end: at the few KiB a second its window
	// now allows, the megabytes the server's socket held would take minutes. The server's
	// counts above are the evidence it was dropped.)
}

// A thousand connections from one address opening ten games at once are all served, live;
// when they close, the server counts none.
func TestThousandConnections(t *testing.T) {
	h := newHarness(t, mailbox.Config{MaxConnsPerAddr: 2000, OpensPerMinute: 5000})
	var games []*game
	for range 10 {
		g := newGame(t, 2)
		h.started(t, g)
		games = append(games, g)
	}
	h.waitConns(t, 0)
	const n = 1000
	devs := make([]*device, n)
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d, err := h.tryOpen(t, mailbox.Frame{Game: games[i%10].id})
			if err != nil {
				errs <- err
				return
			}
			devs[i] = d
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("an open of the thousand: %v", err)
	}
	for _, d := range devs {
		if live, _ := d.waitLive(); live != 2 {
			t.Fatalf("live at %d, want 2", live)
		}
	}
	if st := h.stats(t); st.Connections != n || st.Readers != n {
		t.Fatalf("%d connections and %d readers, want %d", st.Connections, st.Readers, n)
	}
	// A move in each game reaches its hundred readers.
	for i, g := range games {
		devs[i].appendOK(g.move(0, `{"to":"all"}`))
	}
	for _, d := range devs {
		d.waitN(3)
	}
	for _, d := range devs {
		_ = d.Close()
	}
	h.waitConns(t, 0)
	if st := h.stats(t); st.Readers != 0 {
		t.Fatalf("%d readers left", st.Readers)
	}
}

// Opens of unknown games are no-game; malformed ids are bad-message; neither changes
// anything.
func TestGameIDs(t *testing.T) {
	s := newScene(t, mailbox.Config{})
	// The same 16 bytes as the game's id, spelled with other trailing bits: not its id.
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	alias := s.g.id[:21] + string(alphabet[strings.IndexByte(alphabet, s.g.id[21])|1])
	if a, _ := mailbox.Decode64(alias, 16); !mailbox.ValidGameID(alias) || alias == s.g.id || !bytes.Equal(a, must64(t, s.g.id)) {
		t.Fatalf("%s is no alias of %s", alias, s.g.id)
	}
	for _, c := range []struct {
		id, code string
	}{
		{newGame(t, 2).id, mailbox.CodeNoGame},
		{alias, mailbox.CodeNoGame},
		{"", mailbox.CodeBadMessage},
		{"abc", mailbox.CodeBadMessage},
		{s.g.id + "A", mailbox.CodeBadMessage},
		{s.g.id[:21], mailbox.CodeBadMessage},
		{s.g.id[:21] + "=", mailbox.CodeBadMessage},
		{s.g.id[:21] + "+", mailbox.CodeBadMessage},
		{s.g.id[:21] + "/", mailbox.CodeBadMessage},
		{"../../../../etc/passwd", mailbox.CodeBadMessage},
		{"'; DROP TABLE games; --", mailbox.CodeBadMessage},
		{strings.Repeat("é", 11), mailbox.CodeBadMessage},
	} {
		s.attack(t, fmt.Sprintf("%q", c.id), c.code, 0, s.first(mustJSON(mailbox.Frame{V: 1, Type: mailbox.TypeOpen, Game: c.id})))
	}
	// An envelope naming a malformed game in an append.
	m := s.g.move(0, `{}`)
	m.Game = "abc"
	s.attack(t, "append of a malformed game", mailbox.CodeBadMessage, 1, s.afterOpen(mustJSON(appendFrame(1, m))))
}

func must64(t *testing.T, s string) []byte {
	b, ok := mailbox.Decode64(s, 16)
	if !ok {
		t.Fatalf("%s is not base64url", s)
	}
	return b
}

// Forged and foreign signatures are refused: a bit flipped in the body or signature, the
// key swapped, a signature by another key, an envelope validly signed for another game
// replayed into this one, an envelope whose From claims another seat.
func TestForgedEnvelopes(t *testing.T) {
	s := newScene(t, mailbox.Config{})
	g := s.g
	// Another game where seat 0 has the same key: its envelopes are signed by a key of this
	// game, but for that game.
	other := newGame(t, 2)
	other.seats[0] = g.seats[0]
	s.h.started(t, other)

	flipBody := g.move(0, `{"amount":10}`)
	flipBody.Body[3] ^= 1
	flipSig := g.move(0, `{}`)
	sig, _ := mailbox.Decode64(flipSig.Sig, ed25519.SignatureSize)
	sig[5] ^= 1
	flipSig.Sig = mailbox.Encode64(sig)
	swapped := g.move(0, `{}`)
	swapped.Key = pub(g.seats[1].sign)
	swappedSeat := swapped
	swappedSeat.From = 1
	byOther := g.move(0, `{}`)
	byOther.Sign(newKey(t))
	byOther.Key = pub(g.seats[0].sign)
	foreign := other.move(0, `{"in":"the other game"}`)
	rewritten := foreign
	rewritten.Game = g.id
	claims := g.signed(mailbox.KindGame, 0, -1, []byte(`{}`), g.seats[1].sign)
	claimsHost := g.signed(mailbox.KindGenesis, -1, -1, g.genesisBody(), g.seats[0].sign)
	zeroSig := g.move(0, `{}`)
	zeroSig.Sig = mailbox.Encode64(make([]byte, 64))

	for _, c := range []struct {
		name, code string
		env        mailbox.Envelope
	}{
		{"a bit flipped in the body", mailbox.CodeBadSignature, flipBody},
		{"a bit flipped in the signature", mailbox.CodeBadSignature, flipSig},
		{"the key swapped", mailbox.CodeBadSignature, swapped},
		{"the key and seat swapped", mailbox.CodeBadSignature, swappedSeat},
		{"signed by another key", mailbox.CodeBadSignature, byOther},
		{"a zero signature", mailbox.CodeBadSignature, zeroSig},
		{"signed for another game", mailbox.CodeNotAllowed, foreign},
		{"signed for another game, game rewritten", mailbox.CodeBadSignature, rewritten},
		{"From claims another seat", mailbox.CodeNotAllowed, claims},
		{"a seat's key claims the host's genesis", mailbox.CodeNotAllowed, claimsHost},
	} {
		s.attack(t, c.name, c.code, 7, s.afterOpen(mustJSON(appendFrame(7, c.env))))
	}
}

// Replays: the same envelope again is dup with its first number and stored once, however
// often and wherever it comes; another envelope under a used nonce is nonce-reused.
func TestReplays(t *testing.T) {
	s := newScene(t, mailbox.Config{})
	g := s.g
	move := g.move(0, `{"pay":5}`)
	first := s.by.appendOK(move)
	log := s.h.log(t, g.id)
	before := s.snap(t)
	for i := range 5 {
		r := s.open(t)
		for j := range 3 {
			r.send(appendFrame(int64(j+1), move))
			f, err := r.read()
			for err == nil && f.Type != mailbox.TypeAck {
				f, err = r.read()
			}
			if err != nil || !f.Dup || f.N != first.N {
				t.Fatalf("replay %d.%d answered %+v, %v; want dup as %d", i, j, f, err, first.N)
			}
		}
	}
	s.h.unchanged(t, before)
	if countNonce(t, log, move.Nonce) != 1 {
		t.Fatal("the envelope is stored more than once")
	}
	// The genesis again, and the create as an open, are retries too.
	genesis := envs(t, log)[1]
	if a := s.by.appendOK(genesis); !a.Dup || a.N != 2 {
		t.Fatalf("the genesis replayed: %+v, want dup as 2", a)
	}
	create := envs(t, log)[0]
	if o := s.h.open(t, mailbox.Frame{Game: g.id, Create: &create}).Opened(); o.Game != g.id {
		t.Fatalf("the create replayed opened %+v", o)
	}
	s.h.unchanged(t, before)

	// The same nonce and key, another body: refused, whatever the body.
	again := move
	again.Body = []byte(`{"pay":500}`)
	again.Sign(g.seats[0].sign)
	s.attack(t, "nonce reused", mailbox.CodeNonceReused, 1, s.afterOpen(mustJSON(appendFrame(1, again))))
	// A nonce is the key's own: another seat may use it.
	otherSeat := g.move(1, `{}`)
	otherSeat.Nonce = move.Nonce
	otherSeat.Sign(g.seats[1].sign)
	if a := s.by.appendOK(otherSeat); a.Dup {
		t.Fatalf("another key's envelope under the same nonce: %+v", a)
	}
}

// A game's caps: past MaxMessages, MaxBytes or MaxLobby, appends are game-full and nothing
// is stored beyond; retries of what is stored are still answered.
func TestGameQuotas(t *testing.T) {
	t.Run("messages", func(t *testing.T) {
		s := newScene(t, mailbox.Config{Limits: mailbox.Limits{MaxMessages: 5}})
		last := s.g.move(0, `{}`)
		for range 2 {
			s.stillServed(t)
		}
		s.by.appendOK(last) // message 5
		// In a full game the bystander shows it is served by a retry.
		s.served = func(t *testing.T) {
			if a := s.by.appendOK(last); !a.Dup || a.N != 5 {
				t.Fatalf("a retry in a full game: %+v", a)
			}
		}
		s.attack(t, "sixth", mailbox.CodeGameFull, 1, s.afterOpen(mustJSON(appendFrame(1, s.g.move(1, `{}`)))))
		s.attack(t, "finish", mailbox.CodeGameFull, 1, s.afterOpen(mustJSON(appendFrame(1, s.g.finish(1)))))
		if a := s.by.appendOK(last); !a.Dup || a.N != 5 {
			t.Fatalf("a retry in a full game: %+v", a)
		}
		if n := len(s.h.log(t, s.g.id)); n != 5 {
			t.Fatalf("a game of at most 5 messages holds %d", n)
		}
	})
	t.Run("bytes", func(t *testing.T) {
		h := newHarness(t, mailbox.Config{Limits: mailbox.Limits{MaxBytes: 8 << 10}})
		g := newGame(t, 2)
		h.started(t, g)
		d := h.open(t, mailbox.Frame{Game: g.id})
		var err error
		for i := 0; err == nil; i++ {
			if i == 20 {
				t.Fatal("twenty 1 KiB messages fit in 8 KiB")
			}
			_, err = d.Append(ctxT(t), g.move(0, `"`+strings.Repeat("b", 1<<10)+`"`))
		}
		checkCode(t, err, mailbox.CodeGameFull)
		st := h.snap(t, g.id)
		if st.Stats.Bytes > 8<<10 {
			t.Fatalf("the game holds %d bytes, over its 8 KiB", st.Stats.Bytes)
		}
		// Another connection, another key: still full, still nothing stored.
		h.open(t, mailbox.Frame{Game: g.id}).appendRefused(g.move(1, `"`+strings.Repeat("c", 1<<10)+`"`), mailbox.CodeGameFull)
		h.unchanged(t, st)
	})
	t.Run("lobby", func(t *testing.T) {
		h := newHarness(t, mailbox.Config{Limits: mailbox.Limits{MaxLobby: 2}})
		g := newGame(t, 2)
		h.created(t, g)
		d := h.open(t, mailbox.Frame{Game: g.id})
		d.appendOK(g.lobby(`1`))
		d.appendOK(g.lobby(`2`))
		before := h.snap(t, g.id)
		d.appendRefused(g.lobby(`3`), mailbox.CodeGameFull)
		h.unchanged(t, before)
		// The genesis is no lobby envelope: the game still starts.
		if a := h.open(t, mailbox.Frame{Game: g.id}).appendOK(g.genesis()); a.N != 4 {
			t.Fatalf("the genesis after a full lobby: %+v", a)
		}
	})
}

// An address keeps at most GamesPerCreator games and creates them at most CreateBurst at
// once: past either, too-many-games, and no game is made; another address still creates.
func TestGamesPerAddress(t *testing.T) {
	proxies := netguard.Proxies{TrustForwardedFor: true, Trusted: netguard.DefaultTrusted()}
	create := func(t *testing.T, h *harness, from string) (*game, *mailbox.Error) {
		g := newGame(t, 2)
		c := g.create()
		_, e := rawOpenFrom(t, h, from, mailbox.Frame{Game: g.id, Create: &c})
		return g, e
	}
	for _, c := range []struct {
		name string
		cfg  mailbox.Config
	}{
		{"games kept", mailbox.Config{CreateBurst: 100, Limits: mailbox.Limits{GamesPerCreator: 3}, Proxies: proxies}},
		{"create rate", mailbox.Config{CreateBurst: 3, CreatesPerHour: 0.001, Proxies: proxies}},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, c.cfg)
			for i := range 3 {
				if _, e := create(t, h, "203.0.113.5"); e != nil {
					t.Fatalf("create %d: %v", i, e)
				}
			}
			before := h.snap(t)
			g, e := create(t, h, "203.0.113.5")
			if e == nil || e.Code != mailbox.CodeTooManyGames || e.Message == "" {
				t.Fatalf("a fourth create: %v, want %s", e, mailbox.CodeTooManyGames)
			}
			h.unchanged(t, before)
			h.refused(t, mailbox.Frame{Game: g.id}, mailbox.CodeNoGame)
			if _, e := create(t, h, "198.51.100.5"); e != nil {
				t.Fatalf("another address's create: %v", e)
			}
		})
	}
}
