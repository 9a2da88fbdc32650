//go:build !js

package signal

import (
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// Hostile clients: each test is bounded (a few dozen connections, well under a second of
// waiting) and runs over loopback.

func newKey(t testing.TB) ed25519.PrivateKey {
	_, k, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func dialKey(t testing.TB, url string, hello Message, key ed25519.PrivateKey) (*Conn, Message) {
	t.Helper()
	c, w, err := DialKey(ctxT(t), url, hello, key)
	if err != nil {
		t.Fatalf("dial %+v: %v", hello, err)
	}
	t.Cleanup(func() { c.Close() })
	return c, w
}

// dialFrom enters a room with an X-Forwarded-For header, as if through a proxy.
func dialFrom(t testing.TB, url, forwardedFor string, hello Message, key ed25519.PrivateKey) (*Conn, Message, error) {
	t.Helper()
	h := http.Header{}
	if forwardedFor != "" {
		h.Set("X-Forwarded-For", forwardedFor)
	}
	c, _, err := websocket.Dial(ctxT(t), url, &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		return nil, Message{}, err
	}
	conn := &Conn{c: c}
	w, err := conn.enter(ctxT(t), hello, key)
	if err != nil {
		c.CloseNow()
		return nil, w, err
	}
	t.Cleanup(func() { c.CloseNow() })
	return conn, w, nil
}

func errCode(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return fmt.Sprint(err)
}

// waitRooms waits until the server keeps n rooms.
func waitRooms(t *testing.T, s *Server, n int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for s.Stats().Rooms != n {
		if time.Now().After(deadline) {
			t.Fatalf("%d rooms kept, want %d", s.Stats().Rooms, n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// One address hosting and leaving in a loop fills only its own share of the room table;
// another address still hosts; rooms forgotten stop counting.
func TestOneAddressCannotFillTheRoomTable(t *testing.T) {
	s, url := testServer(t, Config{TrustForwardedFor: true, MaxRooms: 40, MaxRoomsPerAddr: 5, HostsPerMinute: 6000, EmptyRoomTTL: 150 * time.Millisecond})
	const attacker, friend = "203.0.113.7", "198.51.100.9"
	opened, refused := 0, 0
	for i := 0; i < 40; i++ {
		c, _, err := dialFrom(t, url, attacker, Message{Type: TypeHost, Size: 2}, newKey(t))
		if err != nil {
			if errCode(err) != CodeHostLimit {
				t.Fatalf("host %d: %v", i, err)
			}
			refused++
			continue
		}
		opened++
		c.Close() // and leave: the empty room keeps its code for EmptyRoomTTL
	}
	if opened != 5 || refused != 35 {
		t.Fatalf("one address opened %d rooms and was refused %d times, want 5 and 35", opened, refused)
	}
	if _, _, err := dialFrom(t, url, friend, Message{Type: TypeHost, Size: 2}, newKey(t)); err != nil {
		t.Fatalf("another address could not host: %v", err)
	}
	// The empty rooms are forgotten after the TTL, and no longer count.
	waitRooms(t, s, 1)
	if _, _, err := dialFrom(t, url, attacker, Message{Type: TypeHost, Size: 2}, newKey(t)); err != nil {
		t.Fatalf("the address's rooms were forgotten, yet it could not host: %v", err)
	}
}

// Rooms forgotten free the count, but the rate still bounds how fast one address churns.
func TestHostRatePerAddress(t *testing.T) {
	s, url := testServer(t, Config{MaxRoomsPerAddr: 3, HostsPerMinute: 1, EmptyRoomTTL: 50 * time.Millisecond})
	for i := 0; i < 3; i++ {
		c, _ := dialKey(t, url, Message{Type: TypeHost, Size: 2}, newKey(t))
		c.Close()
	}
	waitRooms(t, s, 0)
	refusedWith(t, url, Message{Type: TypeHost, Size: 2}, CodeHostLimit)
}

// Requests for rooms (guessing codes, say) are rate-limited per address; others still enter.
func TestEntryRatePerAddress(t *testing.T) {
	_, url := testServer(t, Config{TrustForwardedFor: true, EntriesPerMinute: 5})
	for i := 0; i < 5; i++ {
		if _, _, err := dialFrom(t, url, "203.0.113.7", Message{Type: TypeJoin, Room: NewCode()}, nil); errCode(err) != CodeNoRoom {
			t.Fatalf("guess %d: %v", i, err)
		}
	}
	if _, _, err := dialFrom(t, url, "203.0.113.7", Message{Type: TypeJoin, Room: NewCode()}, nil); errCode(err) != CodeEntryLimit {
		t.Fatalf("the sixth guess in a minute: %v, want %s", err, CodeEntryLimit)
	}
	if _, _, err := dialFrom(t, url, "198.51.100.9", Message{Type: TypeHost, Size: 2}, nil); err != nil {
		t.Fatalf("another address: %v", err)
	}
}

// Under -trust-proxy a client cannot pick its address: the proxy appends the address it
// saw, and the server reads from the right.
func TestForwardedForSpoofingIsRefused(t *testing.T) {
	_, url := testServer(t, Config{TrustForwardedFor: true, MaxConnsPerAddr: 3})
	admitted := 0
	for i := 0; i < 40; i++ {
		spoofed := fmt.Sprintf("10.0.%d.%d, 203.0.113.7", i/200, i%200+1)
		if _, _, err := dialFrom(t, url, spoofed, Message{Type: TypeHost, Size: 2}, nil); err == nil {
			admitted++
		} else if errCode(err) != CodeTooManyConns {
			t.Fatalf("connection %d: %v", i, err)
		}
	}
	if admitted != 3 {
		t.Fatalf("%d of 40 spoofed connections admitted, want 3", admitted)
	}
	// A connection that does not come from a trusted proxy is counted by its own address,
	// whatever its header says.
	_, url2 := testServer(t, Config{TrustForwardedFor: true, MaxConnsPerAddr: 3, TrustedProxies: []netip.Prefix{netip.MustParsePrefix("192.0.2.0/24")}})
	admitted = 0
	for i := 0; i < 10; i++ {
		if _, _, err := dialFrom(t, url2, fmt.Sprintf("10.0.0.%d", i+1), Message{Type: TypeHost, Size: 2}, nil); err == nil {
			admitted++
		}
	}
	if admitted != 3 {
		t.Fatalf("%d of 10 connections from an untrusted peer admitted, want 3", admitted)
	}
}

func TestClientAddress(t *testing.T) {
	s := &Server{cfg: Config{TrustForwardedFor: true}}
	s.cfg.fill()
	tests := []struct {
		remote string
		xff    []string
		want   string
	}{
		{"127.0.0.1:5000", nil, "127.0.0.1"},
		{"127.0.0.1:5000", []string{"203.0.113.7"}, "203.0.113.7"},
		{"127.0.0.1:5000", []string{"1.1.1.1, 203.0.113.7"}, "203.0.113.7"},                    // the client's claim is ignored
		{"127.0.0.1:5000", []string{"1.1.1.1", "203.0.113.7, 127.0.0.1"}, "203.0.113.7"},       // proxies in a chain, two headers
		{"127.0.0.1:5000", []string{"junk, 127.0.0.2"}, "127.0.0.2"},                           // garbage stops the walk
		{"127.0.0.1:5000", []string{"[2001:db8:1:2::7]:443"}, "2001:db8:1:2::/64"},             // IPv6 counts by /64
		{"198.51.100.1:5000", []string{"203.0.113.7"}, "198.51.100.1"},                         // not from a proxy
		{"[::ffff:203.0.113.9]:5000", nil, "203.0.113.9"},                                      // IPv4-mapped
		{"[2001:db8:1:2:aaaa::1]:5000", []string{"10.0.0.1"}, "2001:db8:1:2::/64"},             // untrusted IPv6 peer
		{"[::1]:5000", []string{"2001:db8:9:9::1, 2001:db8:1:2:3:4:5:6"}, "2001:db8:1:2::/64"}, // loopback IPv6 proxy
		// Another local process on 127.0.0.0/8 is no proxy by default: it cannot name a client.
		{"127.0.0.2:5000", []string{"203.0.113.7"}, "127.0.0.2"},
		{"127.1.2.3:5000", []string{"198.51.100.4"}, "127.1.2.3"},
	}
	for _, tt := range tests {
		r := httptest.NewRequest("GET", "/signal", nil)
		r.RemoteAddr = tt.remote
		for _, v := range tt.xff {
			r.Header.Add("X-Forwarded-For", v)
		}
		if got := s.remoteAddr(r); got != tt.want {
			t.Errorf("%s with %q: counted as %s, want %s", tt.remote, tt.xff, got, tt.want)
		}
	}
}

// Only a device holding the room's key reopens it, while it is open and after it closed; a
// proof is bound to its nonce and room.
func TestReopenNeedsTheRoomKey(t *testing.T) {
	s, url := testServer(t, Config{EmptyRoomTTL: 50 * time.Millisecond})
	game, other := newKey(t), newKey(t)
	a, w := dialKey(t, url, Message{Type: TypeHost, Size: 3}, game)
	reopen := Message{Type: TypeReopen, Room: w.Room, Size: 3}

	// While the room is open.
	if _, _, err := DialKey(ctxT(t), url, reopen, other); errCode(err) != CodeNotYourRoom {
		t.Fatalf("reopen with another key: %v", err)
	}
	// Claiming the game's public key without its private half: the proof fails.
	claimed := reopen
	claimed.Key = Encode64(game.Public().(ed25519.PublicKey))
	if _, _, err := DialKey(ctxT(t), url, claimed, other); errCode(err) != CodeNotYourRoom {
		t.Fatalf("reopen with a claimed key: %v", err)
	}
	// A proof for another nonce (a replay) fails too.
	if err := replayProof(t, url, reopen, game); errCode(err) != CodeNotYourRoom {
		t.Fatalf("replayed proof: %v", err)
	}
	b, wb := dialKey(t, url, reopen, game)
	if wb.Host != wb.You || len(wb.Peers) != 1 {
		t.Fatalf("reopen with the key: %+v", wb)
	}
	if m := recvType(t, a, TypePeerJoined); m.Host != wb.You {
		t.Fatalf("the members were not told that the reopener holds the key: %+v", m)
	}

	// After the room closed: the key is kept.
	a.Close()
	b.Close()
	waitRooms(t, s, 0)
	if _, _, err := DialKey(ctxT(t), url, reopen, other); errCode(err) != CodeNotYourRoom {
		t.Fatalf("reopen of a closed room with another key: %v", err)
	}
	if s.Stats().Rooms != 0 {
		t.Fatal("a refused reopen opened a room")
	}
	dialKey(t, url, reopen, game)

	// A code the server has no key for (a restart) is bound to the first reopen's key.
	fresh := Message{Type: TypeReopen, Room: NewCode(), Size: 2}
	dialKey(t, url, fresh, other)
	if _, _, err := DialKey(ctxT(t), url, fresh, game); errCode(err) != CodeNotYourRoom {
		t.Fatalf("a bound code reopened with another key: %v", err)
	}
	// A join is never named the host.
	_, wj := dial(t, url, Message{Type: TypeJoin, Room: fresh.Room})
	if wj.Host == wj.You || wj.Host == "" {
		t.Fatalf("join welcome names host %q (you %s)", wj.Host, wj.You)
	}
}

// replayProof answers a reopen's challenge with a signature of a nonce of its own.
func replayProof(t *testing.T, url string, hello Message, key ed25519.PrivateKey) error {
	c, _, err := websocket.Dial(ctxT(t), url, nil)
	if err != nil {
		return err
	}
	defer c.CloseNow()
	conn := &Conn{c: c}
	hello.V, hello.Key = Version, Encode64(key.Public().(ed25519.PublicKey))
	if err := conn.Send(ctxT(t), hello); err != nil {
		return err
	}
	if m, err := conn.Recv(ctxT(t)); err != nil || m.Type != TypeChallenge {
		return fmt.Errorf("no challenge: %+v %v", m, err)
	}
	code, _ := NormalizeCode(hello.Room)
	stale := ed25519.Sign(key, ProofPayload(code, make([]byte, NonceBytes)))
	if err := conn.Send(ctxT(t), Message{Type: TypeProof, Sig: Encode64(stale)}); err != nil {
		return err
	}
	_, err = conn.Recv(ctxT(t))
	return err
}

// The keys of closed rooms are bounded in number.
func TestKeptKeysAreBounded(t *testing.T) {
	s, url := testServer(t, Config{EmptyRoomTTL: 20 * time.Millisecond, MaxKeys: 3})
	for i := 0; i < 6; i++ {
		c, _ := dialKey(t, url, Message{Type: TypeHost, Size: 2}, newKey(t))
		c.Close()
	}
	waitRooms(t, s, 0)
	if k := s.Stats().Keys; k != 3 {
		t.Fatalf("%d keys kept, want 3", k)
	}
}
