//go:build !js

package signal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// testServer runs a signalling server on a loopback httptest server.
func testServer(t testing.TB, cfg Config) (*Server, string) {
	t.Helper()
	s := NewServer(cfg)
	hs := httptest.NewServer(s)
	t.Cleanup(func() {
		s.Close()
		hs.Close()
	})
	return s, "ws" + strings.TrimPrefix(hs.URL, "http")
}

func ctxT(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func dial(t testing.TB, url string, hello Message) (*Conn, Message) {
	t.Helper()
	c, w, err := Dial(ctxT(t), url, hello)
	if err != nil {
		t.Fatalf("dial %+v: %v", hello, err)
	}
	t.Cleanup(func() { c.Close() })
	return c, w
}

// refusedWith dials and expects the server's error code.
func refusedWith(t *testing.T, url string, hello Message, code string) {
	t.Helper()
	_, _, err := Dial(ctxT(t), url, hello)
	var e *Error
	if !errors.As(err, &e) || e.Code != code {
		t.Fatalf("dial %+v: got %v, want error %s", hello, err, code)
	}
	if e.Message == "" {
		t.Fatalf("error %s has no message", code)
	}
}

// expectClosedWith reads until the connection fails and checks the last error code.
func expectClosedWith(t *testing.T, c *Conn, code string) {
	t.Helper()
	for {
		_, err := c.Recv(ctxT(t))
		if err == nil {
			continue
		}
		var e *Error
		if errors.As(err, &e) && e.Code == CodeUnknownPeer && code != CodeUnknownPeer {
			continue
		}
		if !errors.As(err, &e) || e.Code != code {
			t.Fatalf("got %v, want error %s", err, code)
		}
		// The server closes after the error.
		if _, err := c.Recv(ctxT(t)); err == nil {
			t.Fatal("the connection stayed open after the error")
		}
		return
	}
}

func recvType(t *testing.T, c *Conn, typ string) Message {
	t.Helper()
	m, err := c.Recv(ctxT(t))
	if err != nil {
		t.Fatalf("waiting for %s: %v", typ, err)
	}
	if m.Type != typ {
		t.Fatalf("got %+v, want a %s message", m, typ)
	}
	return m
}

func TestHostJoinRolesRelayAndLeave(t *testing.T) {
	_, url := testServer(t, Config{})
	a, wa := dial(t, url, Message{Type: TypeHost, Size: 3})
	if len(wa.Room) != CodeLength || wa.You == "" || wa.Size != 3 || len(wa.Peers) != 0 {
		t.Fatalf("host welcome %+v", wa)
	}
	// A joiner is welcomed with the members already there; they are told of it and offer.
	b, wb := dial(t, url, Message{Type: TypeJoin, Room: strings.ToLower(FormatCode(wa.Room))})
	if wb.Room != wa.Room || len(wb.Peers) != 1 || wb.Peers[0] != wa.You {
		t.Fatalf("join welcome %+v", wb)
	}
	if m := recvType(t, a, TypePeerJoined); m.Peer != wb.You {
		t.Fatalf("peer-joined %+v", m)
	}
	c, wc := dial(t, url, Message{Type: TypeJoin, Room: wa.Room})
	if strings.Join(wc.Peers, ",") != wa.You+","+wb.You {
		t.Fatalf("third welcome lists %v", wc.Peers)
	}
	recvType(t, a, TypePeerJoined)
	recvType(t, b, TypePeerJoined)
	// Relay: data goes to the named member only, with its sender.
	if err := a.Send(ctxT(t), Message{Type: TypeSignal, To: wc.You, Data: json.RawMessage(`{"sdp":"x"}`)}); err != nil {
		t.Fatal(err)
	}
	if m := recvType(t, c, TypeSignal); m.From != wa.You || string(m.Data) != `{"sdp":"x"}` {
		t.Fatalf("relayed %+v", m)
	}
	// A fourth does not fit a room for three.
	refusedWith(t, url, Message{Type: TypeJoin, Room: wa.Room}, CodeRoomFull)
	// Relay to a peer that is not there: a warning, the connection stays.
	_ = a.Send(ctxT(t), Message{Type: TypeSignal, To: "p99", Data: json.RawMessage(`{}`)})
	if _, err := a.Recv(ctxT(t)); err == nil || !strings.Contains(err.Error(), "p99") {
		t.Fatalf("unknown peer: %v", err)
	}
	_ = a.Send(ctxT(t), Message{Type: TypeSignal, To: wb.You, Data: json.RawMessage(`{"n":1}`)})
	recvType(t, b, TypeSignal)
	// Leaving: the others hear of it at once.
	c.Close()
	if m := recvType(t, a, TypePeerLeft); m.Peer != wc.You {
		t.Fatalf("peer-left %+v", m)
	}
	if m := recvType(t, b, TypePeerLeft); m.Peer != wc.You {
		t.Fatalf("peer-left %+v", m)
	}
	// The freed place can be taken again, under a new peer id.
	_, wd := dial(t, url, Message{Type: TypeJoin, Room: wa.Room})
	if wd.You == wc.You {
		t.Fatal("a peer id was reused in a room")
	}
}

func TestBadFirstMessages(t *testing.T) {
	_, url := testServer(t, Config{})
	refusedWith(t, url, Message{Type: "dance"}, CodeBadMessage)
	refusedWith(t, url, Message{Type: TypeSignal, To: "p1", Data: json.RawMessage(`{}`)}, CodeBadMessage)
	refusedWith(t, url, Message{Type: TypeHost, Size: 5}, CodeBadMessage)
	refusedWith(t, url, Message{Type: TypeHost, Size: 1}, CodeBadMessage)
	refusedWith(t, url, Message{Type: TypeHost, Size: 2, Room: "ABCDEFGH"}, CodeBadMessage)
	refusedWith(t, url, Message{Type: TypeJoin, Room: "ABCDEFGH"}, CodeNoRoom)
	refusedWith(t, url, Message{Type: TypeJoin, Room: "not-a-code!"}, CodeBadRoomCode)
	refusedWith(t, url, Message{Type: TypeReopen, Room: "ABCDEFGH", Size: 9}, CodeBadMessage)
	refusedWith(t, url, Message{Type: TypeReopen, Room: "ABCDEFGH", Size: 2}, CodeBadMessage) // no key
	refusedWith(t, url, Message{Type: TypeJoin, Room: "ABCDEFGH", Key: Encode64(make([]byte, 32))}, CodeBadMessage)
	refusedWith(t, url, Message{Type: TypeHost, Size: 2, Key: "short"}, CodeBadMessage)
	// A page of the previous protocol is told to reload.
	refusedWith(t, url, Message{V: 1, Type: TypeJoin, Room: "ABCDEFGH"}, CodeReload)
}

func TestMalformedMessagesCloseOnlyTheirConnection(t *testing.T) {
	_, url := testServer(t, Config{})
	a, wa := dial(t, url, Message{Type: TypeHost, Size: 4})
	bad := []func(c *websocket.Conn) error{
		func(c *websocket.Conn) error { return c.Write(ctxT(t), websocket.MessageText, []byte("{not json")) },
		func(c *websocket.Conn) error {
			return c.Write(ctxT(t), websocket.MessageBinary, []byte(`{"type":"signal"}`))
		},
		func(c *websocket.Conn) error {
			return c.Write(ctxT(t), websocket.MessageText, []byte(`{"type":"join","room":"`+wa.Room+`"}`))
		},
		func(c *websocket.Conn) error {
			return c.Write(ctxT(t), websocket.MessageText, []byte(`{"type":"signal","to":"p1","data":"a string"}`))
		},
	}
	for i, send := range bad {
		b, _ := dial(t, url, Message{Type: TypeJoin, Room: wa.Room})
		recvType(t, a, TypePeerJoined)
		if err := send(b.c); err != nil {
			t.Fatal(err)
		}
		expectClosedWith(t, b, CodeBadMessage)
		recvType(t, a, TypePeerLeft)
		_ = i
	}
	// The host is still served.
	c, _ := dial(t, url, Message{Type: TypeJoin, Room: wa.Room})
	recvType(t, a, TypePeerJoined)
	_ = c
}

// An oversized message is answered with the error docs/online.md promises, then a 1009 close.
func TestOversizedMessage(t *testing.T) {
	_, url := testServer(t, Config{MaxMessageBytes: 1024})
	a, wa := dial(t, url, Message{Type: TypeHost, Size: 2})
	b, _ := dial(t, url, Message{Type: TypeJoin, Room: wa.Room})
	recvType(t, a, TypePeerJoined)
	big := json.RawMessage(`{"x":"` + strings.Repeat("a", 2000) + `"}`)
	_ = b.Send(ctxT(t), Message{Type: TypeSignal, To: wa.You, Data: big})
	expectServerError(t, b, CodeTooBig, websocket.StatusMessageTooBig)
	recvType(t, a, TypePeerLeft)
	// A message of exactly the limit still passes.
	c, _ := dial(t, url, Message{Type: TypeJoin, Room: wa.Room})
	recvType(t, a, TypePeerJoined)
	fits := json.RawMessage(`{"x":"` + strings.Repeat("a", 1024-len(`{"type":"signal","to":"p1","data":{"x":""}}`)) + `"}`)
	if err := c.Send(ctxT(t), Message{Type: TypeSignal, To: wa.You, Data: fits}); err != nil {
		t.Fatal(err)
	}
	recvType(t, a, TypeSignal)
	// An oversized first message is answered the same way.
	raw, _, err := websocket.Dial(ctxT(t), url, nil)
	if err != nil {
		t.Fatal(err)
	}
	_ = raw.Write(ctxT(t), websocket.MessageText, []byte(`{"v":2,"type":"host","size":2,"pad":"`+strings.Repeat("a", 5000)+`"}`))
	expectServerError(t, &Conn{c: raw}, CodeTooBig, websocket.StatusMessageTooBig)
}

// expectServerError reads until the server's own error message (not one made up from the
// close frame) and then the close with its status.
func expectServerError(t *testing.T, c *Conn, code string, status websocket.StatusCode) {
	t.Helper()
	m, err := c.Recv(ctxT(t))
	if err == nil || m.Type != TypeError || m.Code != code || m.Message == "" {
		t.Fatalf("got %+v, %v; want the server's %s error message", m, err, code)
	}
	_, _, err = c.c.Read(ctxT(t))
	if got := websocket.CloseStatus(err); got != status {
		t.Fatalf("closed with %v (%v), want %v", got, err, status)
	}
}

func TestFloodIsRateLimited(t *testing.T) {
	_, url := testServer(t, Config{RatePerSecond: 5, RateBurst: 10})
	a, wa := dial(t, url, Message{Type: TypeHost, Size: 2})
	b, _ := dial(t, url, Message{Type: TypeJoin, Room: wa.Room})
	recvType(t, a, TypePeerJoined)
	for i := 0; i < 100; i++ {
		if b.Send(ctxT(t), Message{Type: TypeSignal, To: wa.You, Data: json.RawMessage(`{}`)}) != nil {
			break
		}
	}
	expectClosedWith(t, b, CodeRateLimit)
	// The host got the burst and then the departure, and is still served.
	for {
		m, err := a.Recv(ctxT(t))
		if err != nil {
			t.Fatal(err)
		}
		if m.Type == TypePeerLeft {
			break
		}
	}
	dial(t, url, Message{Type: TypeJoin, Room: wa.Room})
}

func TestOriginCheck(t *testing.T) {
	_, url := testServer(t, Config{OriginPatterns: []string{"friends.example"}})
	for _, origin := range []string{"http://evil.example", "http://friends.example.evil"} {
		_, resp, err := websocket.Dial(ctxT(t), url, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {origin}}})
		if err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
			t.Fatalf("origin %s: %v %v", origin, err, resp)
		}
	}
	c, _, err := websocket.Dial(ctxT(t), url, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {"https://friends.example"}}})
	if err != nil {
		t.Fatalf("an allowed origin was refused: %v", err)
	}
	c.CloseNow()
}

func TestConnectionsPerAddress(t *testing.T) {
	_, url := testServer(t, Config{MaxConnsPerAddr: 3})
	_, w := dial(t, url, Message{Type: TypeHost, Size: 4})
	dial(t, url, Message{Type: TypeJoin, Room: w.Room})
	dial(t, url, Message{Type: TypeJoin, Room: w.Room})
	refusedWith(t, url, Message{Type: TypeJoin, Room: w.Room}, CodeTooManyConns)
}

func TestHelloTimeout(t *testing.T) {
	_, url := testServer(t, Config{HelloTimeout: 50 * time.Millisecond})
	c, _, err := websocket.Dial(ctxT(t), url, nil)
	if err != nil {
		t.Fatal(err)
	}
	expectClosedWith(t, &Conn{c: c}, CodeTimeout)
}

func TestEmptyRoomsExpireAndReopen(t *testing.T) {
	s, url := testServer(t, Config{EmptyRoomTTL: 100 * time.Millisecond})
	key := newKey(t)
	a, w := dialKey(t, url, Message{Type: TypeHost, Size: 2}, key)
	a.Close()
	// Within the TTL an empty room can still be joined…
	time.Sleep(20 * time.Millisecond)
	b, _ := dial(t, url, Message{Type: TypeJoin, Room: w.Room})
	b.Close()
	// …after it, it is gone…
	deadline := time.Now().Add(5 * time.Second)
	for s.Stats().Rooms > 0 {
		if time.Now().After(deadline) {
			t.Fatal("the empty room never expired")
		}
		time.Sleep(20 * time.Millisecond)
	}
	refusedWith(t, url, Message{Type: TypeJoin, Room: w.Room}, CodeNoRoom)
	// …and a saved game's player reopens it under the same code.
	_, wr := dialKey(t, url, Message{Type: TypeReopen, Room: w.Room, Size: 2}, key)
	if wr.Room != w.Room || len(wr.Peers) != 0 || wr.Host != wr.You {
		t.Fatalf("reopen %+v", wr)
	}
	_, wj := dialKey(t, url, Message{Type: TypeReopen, Room: FormatCode(w.Room), Size: 2}, key)
	if len(wj.Peers) != 1 {
		t.Fatalf("second reopen did not join the reopened room: %+v", wj)
	}
}

func TestTooManyRooms(t *testing.T) {
	_, url := testServer(t, Config{MaxRooms: 2})
	dial(t, url, Message{Type: TypeHost, Size: 2})
	dial(t, url, Message{Type: TypeHost, Size: 2})
	refusedWith(t, url, Message{Type: TypeHost, Size: 2}, CodeTooManyRooms)
}

func TestICEServersAndMintedTURNCredentials(t *testing.T) {
	stun := ICEServer{URLs: []string{"stun:stun.example:3478"}}
	_, url := testServer(t, Config{ICEServers: []ICEServer{stun}, TURN: &TURNSecret{URLs: []string{"turn:turn.example:3478"}, Secret: "s3cret"}})
	_, w := dial(t, url, Message{Type: TypeHost, Size: 2})
	if len(w.ICE) != 2 || w.ICE[0].URLs[0] != stun.URLs[0] {
		t.Fatalf("ice %+v", w.ICE)
	}
	turn := w.ICE[1]
	exp, user, ok := strings.Cut(turn.Username, ":")
	if !ok || user != w.You || turn.Credential == "" || exp == "" {
		t.Fatalf("minted %+v", turn)
	}
	// coturn's check: base64(HMAC-SHA1(secret, username)).
	if turn.Credential != mintCheck("s3cret", turn.Username) {
		t.Fatal("the credential is not HMAC-SHA1 of the username")
	}
}

func TestCodes(t *testing.T) {
	seen := map[string]bool{}
	for i := 0; i < 200; i++ {
		c := NewCode()
		n, err := NormalizeCode(c)
		if err != nil || n != c || len(c) != CodeLength || seen[c] {
			t.Fatalf("code %q: %v", c, err)
		}
		seen[c] = true
	}
	for in, want := range map[string]string{"k7qf-9mzt": "K7QF9MZT", " K7QF 9MZT ": "K7QF9MZT", "iloo-aaaa": "1100AAAA"} {
		if got, err := NormalizeCode(in); err != nil || got != want {
			t.Errorf("NormalizeCode(%q) = %q, %v", in, got, err)
		}
	}
	for _, bad := range []string{"", "K7QF9MZ", "K7QF9MZTX", "K7QF-9MZU", "K7QF_9MZT"} {
		if _, err := NormalizeCode(bad); err == nil {
			t.Errorf("NormalizeCode(%q) accepted", bad)
		}
	}
	if FormatCode("K7QF9MZT") != "K7QF-9MZT" {
		t.Error("FormatCode")
	}
}

func TestCloseLeavesNoGoroutines(t *testing.T) {
	before := runtime.NumGoroutine()
	s := NewServer(Config{})
	hs := httptest.NewServer(s)
	url := "ws" + strings.TrimPrefix(hs.URL, "http")
	var conns []*Conn
	_, w, err := Dial(ctxT(t), url, Message{Type: TypeHost, Size: 4})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		c, _, err := Dial(ctxT(t), url, Message{Type: TypeJoin, Room: w.Room})
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	s.Close()
	for _, c := range conns {
		c.c.CloseNow()
	}
	hs.Close()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before+2 {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines left (before: %d)\n%s", runtime.NumGoroutine(), before, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// loadRooms runs rooms × 4 clients: each joins, then every member sends a few signals to
// every other; it returns the memory per room and the messages relayed per second.
func loadRooms(t testing.TB, rooms, perPeer int) (bytesPerRoom float64, perSecond float64) {
	s, url := testServer(t, Config{MaxConnsPerAddr: rooms*4 + 10, MaxRoomsPerAddr: rooms, HostsPerMinute: 1e6, EntriesPerMinute: 1e6, RatePerSecond: 1000, RateBurst: 1000, SendQueue: 256})
	runtime.GC()
	var m0 runtime.MemStats
	runtime.ReadMemStats(&m0)
	type peer struct {
		c  *Conn
		id string
	}
	all := make([][]peer, rooms)
	var mu sync.Mutex
	var wg sync.WaitGroup
	errc := make(chan error, rooms)
	for r := 0; r < rooms; r++ {
		wg.Add(1)
		go func(r int) {
			defer wg.Done()
			c, w, err := Dial(context.Background(), url, Message{Type: TypeHost, Size: 4})
			if err != nil {
				errc <- err
				return
			}
			ps := []peer{{c, w.You}}
			for i := 1; i < 4; i++ {
				c, w2, err := Dial(context.Background(), url, Message{Type: TypeJoin, Room: w.Room})
				if err != nil {
					errc <- err
					return
				}
				ps = append(ps, peer{c, w2.You})
			}
			mu.Lock()
			all[r] = ps
			mu.Unlock()
		}(r)
	}
	wg.Wait()
	select {
	case err := <-errc:
		t.Fatal(err)
	default:
	}
	runtime.GC()
	var m1 runtime.MemStats
	runtime.ReadMemStats(&m1)
	bytesPerRoom = float64(m1.HeapAlloc-m0.HeapAlloc) / float64(rooms)

	// Every member sends perPeer signals to each other member and reads what comes.
	start := time.Now()
	want := int64(rooms * 4 * 3 * perPeer)
	base := s.Stats().Relayed
	for _, ps := range all {
		for _, p := range ps {
			wg.Add(2)
			go func(p peer, ps []peer) {
				defer wg.Done()
				for k := 0; k < perPeer; k++ {
					for _, q := range ps {
						if q.id != p.id {
							if err := p.c.Send(context.Background(), Message{Type: TypeSignal, To: q.id, Data: json.RawMessage(`{"candidate":"x"}`)}); err != nil {
								errc <- err
								return
							}
						}
					}
				}
			}(p, ps)
			go func(p peer) {
				defer wg.Done()
				got := 0
				ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
				defer cancel()
				for got < 3*perPeer {
					m, err := p.c.Recv(ctx)
					if err != nil {
						errc <- fmt.Errorf("recv after %d: %w", got, err)
						return
					}
					if m.Type == TypeSignal {
						got++
					}
				}
			}(p)
		}
	}
	wg.Wait()
	elapsed := time.Since(start)
	select {
	case err := <-errc:
		t.Fatal(err)
	default:
	}
	if got := s.Stats().Relayed - base; got != want {
		t.Fatalf("relayed %d messages, want %d", got, want)
	}
	for _, ps := range all {
		for _, p := range ps {
			p.c.Close()
		}
	}
	return bytesPerRoom, float64(want) / elapsed.Seconds()
}

// A bounded load test in every run; BenchmarkLoad runs the full 500 rooms × 4 clients.
func TestLoad(t *testing.T) {
	perRoom, rate := loadRooms(t, 100, 3)
	t.Logf("100 rooms × 4 clients: %.0f bytes per room, %.0f messages relayed per second", perRoom, rate)
}

func BenchmarkLoad(b *testing.B) {
	for i := 0; i < b.N; i++ {
		perRoom, rate := loadRooms(b, 500, 5)
		b.ReportMetric(perRoom, "B/room")
		b.ReportMetric(rate, "msgs/s")
	}
}

// The log has a line for every room entered, left or refused, with the room's number and
// never its code (anyone who reads the log could otherwise join the room).
func TestLogLinesNameRoomsByNumber(t *testing.T) {
	var mu sync.Mutex
	var lines []string
	logged := func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), lines...)
	}
	_, url := testServer(t, Config{Logf: func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		lines = append(lines, fmt.Sprintf(format, args...))
	}})
	a, wa := dial(t, url, Message{Type: TypeHost, Size: 2})
	b, wb := dial(t, url, Message{Type: TypeJoin, Room: wa.Room})
	recvType(t, a, TypePeerJoined)
	if err := b.Send(ctxT(t), Message{Type: TypeSignal, To: wa.You, Data: json.RawMessage(`{"sdp":"x"}`)}); err != nil {
		t.Fatal(err)
	}
	recvType(t, a, TypeSignal)
	refusedWith(t, url, Message{Type: TypeJoin, Room: "ZZZZZZZZ"}, CodeNoRoom)
	b.Close()
	recvType(t, a, TypePeerLeft)
	want := []string{
		"host room 1 as " + wa.You + " (1 of 2)",
		"join room 1 as " + wb.You + " (2 of 2)",
		"refused: " + CodeNoRoom,
		wb.You + " left room 1 after sending 1 signals (1 still in)",
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		got := strings.Join(logged(), "\n")
		missing := ""
		for _, w := range want {
			if !strings.Contains(got, w) {
				missing = w
			}
		}
		if missing == "" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no log line with %q in:\n%s", missing, got)
		}
		time.Sleep(10 * time.Millisecond)
	}
	for _, l := range logged() {
		if strings.Contains(l, wa.Room) || strings.Contains(l, FormatCode(wa.Room)) {
			t.Fatalf("a log line shows the room's code: %q", l)
		}
	}
}
