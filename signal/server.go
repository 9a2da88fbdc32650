//go:build !js

package signal

import (
	"context"
	"crypto/ed25519"
	"crypto/hmac"
	"crypto/sha1"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/netip"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"brass/internal/netguard"

	"github.com/coder/websocket"
)

// Config sets the server's limits and the ICE servers it hands out. Zero fields take the
// defaults of DefaultConfig.
type Config struct {
	MaxMessageBytes int64         // largest message read (default 16 KiB)
	RatePerSecond   float64       // messages per second a connection may send on average (default 20)
	RateBurst       int           // and in a burst (default 40; ICE candidates come in bursts)
	MaxConnsPerAddr int           // open connections from one remote address (default 16)
	MaxRooms        int           // rooms open at once (default 10,000)
	EmptyRoomTTL    time.Duration // how long an empty room keeps its code (default 5 min)
	HelloTimeout    time.Duration // time to send the first message, and a reopen's proof (default 10 s)
	PingInterval    time.Duration // how often an idle connection is pinged (default 30 s)
	WriteTimeout    time.Duration // time to write one message (default 10 s)
	SendQueue       int           // messages waiting for a slow reader before it is dropped (default 64)

	// Per address (an IPv4 address, or an IPv6 /64), so that one address cannot fill the
	// room table while others still find room. A room opened from an address counts against
	// it until the server forgets it (EmptyRoomTTL after its last member left).
	MaxRoomsPerAddr  int     // rooms opened from one address that the server still keeps (default 20)
	HostsPerMinute   float64 // rooms one address may open per minute on average, in bursts of MaxRoomsPerAddr (default 10)
	EntriesPerMinute float64 // first messages (host, join, reopen) per minute from one address, in bursts as many (default 60)

	// The keys of rooms that closed are kept for reopening, this long and this many at most
	// (defaults 30 days, 100,000: about 10 MB); when full, an entry near its expiry goes.
	KeyTTL  time.Duration
	MaxKeys int

	// OriginPatterns are the host patterns of other origins allowed to connect (the page's
	// own host is always allowed), as coder/websocket's AcceptOptions take them.
	OriginPatterns []string
	// TrustForwardedFor takes the client's address from X-Forwarded-For (behind a proxy): the
	// rightmost entry that is not one of TrustedProxies, and only when the connection itself
	// comes from one of them. The leftmost entries are whatever the client sent.
	TrustForwardedFor bool
	// TrustedProxies are the proxies' addresses (default 127.0.0.1 and ::1, the proxy on this
	// host: any other local process, or a container on a 127.0.0.0/8 address, would otherwise
	// be able to claim any client address). A proxy elsewhere is listed explicitly.
	TrustedProxies []netip.Prefix
	// ICEServers are handed to every client as they are.
	ICEServers []ICEServer
	// TURN, when set, adds a TURN server with a short-lived username and credential minted
	// per connection from a secret shared with coturn (its use-auth-secret mode).
	TURN *TURNSecret
	// Logf logs a line (nil: silent): one per room entered, left or refused, naming the
	// address, the member and the room's number, never its code.
	Logf func(format string, args ...any)
}

// TURNSecret describes a coturn server in use-auth-secret mode.
type TURNSecret struct {
	URLs   []string
	Secret string
	TTL    time.Duration // how long a minted credential is valid (default 12 h)
}

// DefaultConfig returns the default limits.
func DefaultConfig() Config {
	return Config{
		MaxMessageBytes: 16 << 10,
		RatePerSecond:   20,
		RateBurst:       40,
		MaxConnsPerAddr: 16,
		MaxRooms:        10000,
		EmptyRoomTTL:    5 * time.Minute,
		HelloTimeout:    10 * time.Second,
		PingInterval:    30 * time.Second,
		WriteTimeout:    10 * time.Second,
		SendQueue:       64,

		MaxRoomsPerAddr:  20,
		HostsPerMinute:   10,
		EntriesPerMinute: 60,
		KeyTTL:           30 * 24 * time.Hour,
		MaxKeys:          100000,
		TrustedProxies:   netguard.DefaultTrusted(),
	}
}

func (c *Config) fill() {
	d := DefaultConfig()
	if c.MaxMessageBytes <= 0 {
		c.MaxMessageBytes = d.MaxMessageBytes
	}
	if c.RatePerSecond <= 0 {
		c.RatePerSecond = d.RatePerSecond
	}
	if c.RateBurst <= 0 {
		c.RateBurst = d.RateBurst
	}
	if c.MaxConnsPerAddr <= 0 {
		c.MaxConnsPerAddr = d.MaxConnsPerAddr
	}
	if c.MaxRooms <= 0 {
		c.MaxRooms = d.MaxRooms
	}
	if c.EmptyRoomTTL <= 0 {
		c.EmptyRoomTTL = d.EmptyRoomTTL
	}
	if c.HelloTimeout <= 0 {
		c.HelloTimeout = d.HelloTimeout
	}
	if c.PingInterval <= 0 {
		c.PingInterval = d.PingInterval
	}
	if c.WriteTimeout <= 0 {
		c.WriteTimeout = d.WriteTimeout
	}
	if c.SendQueue <= 0 {
		c.SendQueue = d.SendQueue
	}
	if c.MaxRoomsPerAddr <= 0 {
		c.MaxRoomsPerAddr = d.MaxRoomsPerAddr
	}
	if c.HostsPerMinute <= 0 {
		c.HostsPerMinute = d.HostsPerMinute
	}
	if c.EntriesPerMinute <= 0 {
		c.EntriesPerMinute = d.EntriesPerMinute
	}
	if c.KeyTTL <= 0 {
		c.KeyTTL = d.KeyTTL
	}
	if c.MaxKeys <= 0 {
		c.MaxKeys = d.MaxKeys
	}
	if c.TrustedProxies == nil {
		c.TrustedProxies = d.TrustedProxies
	}
	if c.TURN != nil && c.TURN.TTL <= 0 {
		c.TURN.TTL = 12 * time.Hour
	}
}

// Server is the signalling endpoint: an http.Handler for the WebSocket upgrade, with its
// rooms in memory.
type Server struct {
	cfg Config

	mu     sync.Mutex
	rooms  map[string]*room
	addrs  map[string]*addrState // by netguard.Key
	keys   map[string]keyEntry   // the keys of rooms that closed, by code
	opened int                   // rooms opened so far: the last room's serial
	closed bool

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	relayed atomic.Int64 // messages relayed between members
}

type room struct {
	code       string
	serial     int // the room's number in the log, which never shows its code
	size       int
	next       int // the last peer number given out
	members    map[string]*member
	emptySince time.Time
	owner      string            // the address that opened it, which it counts against
	key        ed25519.PublicKey // the game's key (nil: a host registered none; the next reopen binds one)
	host       string            // the member that registered or proved the key, if still here
}

type member struct {
	id   string
	sent int // signals relayed from it (its read loop's alone)
	room *room
	send chan []byte
	done chan struct{} // closed when the member is dropped
	once sync.Once
	why  atomic.Pointer[Message] // the error that dropped it, sent before closing
}

// NewServer returns a server with the given limits; Close stops it.
func NewServer(cfg Config) *Server {
	cfg.fill()
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{cfg: cfg, rooms: map[string]*room{}, addrs: map[string]*addrState{}, keys: map[string]keyEntry{}, ctx: ctx, cancel: cancel}
	s.wg.Add(1)
	go s.janitor()
	return s
}

// Close disconnects everyone and stops the server's goroutines.
func (s *Server) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	var all []*member
	for _, r := range s.rooms {
		for _, m := range r.members {
			all = append(all, m)
		}
	}
	s.mu.Unlock()
	for _, m := range all {
		m.drop(&Message{Type: TypeError, Code: CodeShutdown, Message: "The server is shutting down."})
	}
	s.cancel()
	s.wg.Wait()
}

// Stats describes the server now: rooms open, members connected, keys of closed rooms kept,
// addresses tracked, messages relayed so far.
type Stats struct {
	Rooms, Members, Keys, Addrs int
	Relayed                     int64
}

// Stats reports the server's counts.
func (s *Server) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := Stats{Rooms: len(s.rooms), Keys: len(s.keys), Addrs: len(s.addrs), Relayed: s.relayed.Load()}
	for _, r := range s.rooms {
		st.Members += len(r.members)
	}
	return st
}

func (s *Server) logf(format string, args ...any) {
	if s.cfg.Logf != nil {
		s.cfg.Logf(format, args...)
	}
}

// janitor forgets rooms that stayed empty for the TTL (keeping their keys), expired keys,
// and addresses that have nothing left to count.
func (s *Server) janitor() {
	defer s.wg.Done()
	every := s.cfg.EmptyRoomTTL / 4
	if every < 10*time.Millisecond {
		every = 10 * time.Millisecond
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case now := <-t.C:
			s.mu.Lock()
			for _, r := range s.rooms {
				if len(r.members) == 0 && now.Sub(r.emptySince) >= s.cfg.EmptyRoomTTL {
					s.forget(r, now)
				}
			}
			s.sweepKeys(now)
			s.sweepAddrs(now)
			s.mu.Unlock()
		}
	}
}

// forget drops an empty room: its code's key is kept for a reopen, and it no longer counts
// against the address that opened it. Call with s.mu held.
func (s *Server) forget(r *room, now time.Time) {
	delete(s.rooms, r.code)
	s.rememberKey(r.code, r.key, now)
	if a := s.addrs[r.owner]; a != nil && a.rooms > 0 {
		a.rooms--
	}
}

// ServeHTTP upgrades the request to a WebSocket and serves one member until it leaves.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: s.cfg.OriginPatterns})
	if err != nil {
		return // Accept has answered (403 for a foreign origin, 400 for a bad upgrade)
	}
	defer c.CloseNow()
	c.SetReadLimit(s.cfg.MaxMessageBytes)
	addr := s.remoteAddr(r)

	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		s.refuse(c, addr, CodeShutdown, "The server is shutting down.")
		return
	}
	a := s.addr(addr)
	if a.conns >= s.cfg.MaxConnsPerAddr {
		s.mu.Unlock()
		s.refuse(c, addr, CodeTooManyConns, fmt.Sprintf("Too many connections from your address (at most %d).", s.cfg.MaxConnsPerAddr))
		return
	}
	a.conns++
	s.wg.Add(1)
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		a.conns--
		s.mu.Unlock()
		s.wg.Done()
	}()
	s.serve(c, addr)
}

// refuse sends an error and closes the connection, and logs it.
func (s *Server) refuse(c *websocket.Conn, addr, code, msg string) {
	s.logf("signal: %s refused: %s", addr, code)
	b, _ := json.Marshal(Message{Type: TypeError, Code: code, Message: msg})
	ctx, cancel := context.WithTimeout(s.ctx, s.cfg.WriteTimeout)
	defer cancel()
	_ = c.Write(ctx, websocket.MessageText, b)
	_ = c.Close(statusFor(code), code)
}

// statusFor is the WebSocket close status of an error code.
func statusFor(code string) websocket.StatusCode {
	switch code {
	case CodeTooBig:
		return websocket.StatusMessageTooBig
	case CodeShutdown:
		return websocket.StatusGoingAway
	case CodeTooManyConns, CodeTooManyRooms, CodeHostLimit, CodeEntryLimit:
		return websocket.StatusTryAgainLater
	}
	return websocket.StatusPolicyViolation
}

// serve reads the first message, enters the room, then relays until the connection ends.
func (s *Server) serve(c *websocket.Conn, addr string) {
	// A read whose context expires closes the connection at once, so the hello's deadline
	// is a timer that sends the error (writes may run beside a read) and closes.
	timer := time.AfterFunc(s.cfg.HelloTimeout, func() { s.refuse(c, addr, CodeTimeout, "No room was asked for in time.") })
	hello, key, err := s.greet(c, addr)
	if !timer.Stop() {
		return
	}
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			s.refuse(c, addr, e.Code, e.Message)
		}
		return
	}
	m, welcome, e := s.enter(hello, addr, key)
	if e != nil {
		s.refuse(c, addr, e.Code, e.Message)
		return
	}
	s.logf("signal: %s %s room %d as %s (%d of %d)", addr, hello.Type, m.room.serial, m.id, len(welcome.Peers)+1, welcome.Size)
	defer s.leave(m)

	conn, stop := context.WithCancel(s.ctx)
	defer stop()
	go func() {
		<-m.done
		stop()
	}()
	writerDone := make(chan struct{})
	go func() {
		defer close(writerDone)
		s.writeLoop(conn, c, m)
	}()
	s.readLoop(conn, c, m)
	m.drop(nil)
	<-writerDone
}

// read reads and decodes one message. It reads one byte past the limit itself, so that an
// oversized message is answered with an error before the close (the WebSocket library
// would close at once, with no word of why).
func (s *Server) read(ctx context.Context, c *websocket.Conn) (Message, error) {
	typ, r, err := c.Reader(ctx)
	if err != nil {
		return Message{}, err
	}
	b, err := io.ReadAll(io.LimitReader(r, s.cfg.MaxMessageBytes+1))
	if err == nil && int64(len(b)) > s.cfg.MaxMessageBytes {
		err = &Error{Code: CodeTooBig, Message: fmt.Sprintf("A message was larger than %d bytes.", s.cfg.MaxMessageBytes)}
	}
	if err != nil {
		return Message{}, err
	}
	if typ != websocket.MessageText {
		return Message{}, &Error{Code: CodeBadMessage, Message: "Messages must be JSON text."}
	}
	var msg Message
	if err := json.Unmarshal(b, &msg); err != nil {
		return Message{}, &Error{Code: CodeBadMessage, Message: "A message was not valid JSON."}
	}
	return msg, nil
}

// greet reads the first message, charges it to the address and checks it; a reopen also
// proves that it holds the key it names. It returns the hello and its key (nil: none).
func (s *Server) greet(c *websocket.Conn, addr string) (Message, ed25519.PublicKey, error) {
	hello, err := s.read(s.ctx, c)
	if err != nil {
		return hello, nil, err
	}
	s.mu.Lock()
	e := s.admit(addr, time.Now())
	s.mu.Unlock()
	if e != nil {
		return hello, nil, e
	}
	key, e := checkHello(&hello)
	if e != nil {
		return hello, nil, e
	}
	if hello.Type == TypeReopen {
		if err := s.challenge(c, hello.Room, key); err != nil {
			return hello, nil, err
		}
	}
	return hello, key, nil
}

// checkHello checks a first message, normalizes its room code and decodes its key.
func checkHello(hello *Message) (ed25519.PublicKey, *Error) {
	if hello.V != Version {
		return nil, &Error{Code: CodeReload, Message: "This page is out of date: reload it to play online."}
	}
	switch hello.Type {
	case TypeHost:
		if hello.Room != "" {
			return nil, &Error{Code: CodeBadMessage, Message: "A host message names no room: the server picks the code."}
		}
	case TypeJoin, TypeReopen:
		c, err := NormalizeCode(hello.Room)
		if err != nil {
			return nil, &Error{Code: CodeBadRoomCode, Message: "That is not a room code: " + err.Error() + "."}
		}
		hello.Room = c
	default:
		return nil, &Error{Code: CodeBadMessage, Message: fmt.Sprintf("The first message must be host, join or reopen, not %q.", hello.Type)}
	}
	if hello.Type != TypeJoin && (hello.Size < MinRoomSize || hello.Size > MaxRoomSize) {
		return nil, &Error{Code: CodeBadMessage, Message: fmt.Sprintf("A room is for %d to %d players.", MinRoomSize, MaxRoomSize)}
	}
	if hello.To != "" || hello.Data != nil || hello.Sig != "" {
		return nil, &Error{Code: CodeBadMessage, Message: "The first message carries no data."}
	}
	if hello.Key == "" && hello.Type != TypeReopen {
		return nil, nil // a host may register no key: the room's first reopen binds one
	}
	k, ok := Decode64(hello.Key, ed25519.PublicKeySize)
	if !ok || hello.Type == TypeJoin {
		return nil, &Error{Code: CodeBadMessage, Message: "A host or reopen message names the room's key (32 bytes, base64url); a join names none."}
	}
	return ed25519.PublicKey(k), nil
}

// enter registers a new member in the room its first message asks for, with its welcome
// queued, and tells the members already there of it (they offer to it). The welcome is
// queued first, under the lock: an offer relayed the moment a member hears of the newcomer
// must not reach it before its welcome, which the client needs first. It returns the
// welcome, for the log. A host or reopen (which proved key) becomes the room's named host.
func (s *Server) enter(hello Message, addr string, key ed25519.PublicKey) (*member, Message, *Error) {
	code := hello.Room
	now := time.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.rooms[code]
	switch hello.Type {
	case TypeHost:
		if e := s.mayOpen(addr, now); e != nil {
			return nil, Message{}, e
		}
		for code == "" || s.rooms[code] != nil || s.knownKey(code, now) != nil {
			code = NewCode()
		}
		r = s.open(code, hello.Size, addr, key)
	case TypeJoin:
		if r == nil {
			return nil, Message{}, &Error{Code: CodeNoRoom, Message: "There is no room " + FormatCode(code) + ": check the code, or ask the host to open it again."}
		}
	case TypeReopen:
		if known := s.knownKey(code, now); known != nil && !known.Equal(key) {
			return nil, Message{}, &Error{Code: CodeNotYourRoom, Message: "Room " + FormatCode(code) + " belongs to another game: only that game's devices can reopen it."}
		}
		if r == nil {
			if e := s.mayOpen(addr, now); e != nil {
				return nil, Message{}, e
			}
			r = s.open(code, hello.Size, addr, key)
		}
		r.key = key
	}
	if len(r.members) >= r.size {
		return nil, Message{}, &Error{Code: CodeRoomFull, Message: fmt.Sprintf("Room %s is full (%d players).", FormatCode(code), r.size)}
	}
	r.next++
	m := &member{id: "p" + strconv.Itoa(r.next), room: r, send: make(chan []byte, s.cfg.SendQueue), done: make(chan struct{})}
	joined := Message{Type: TypePeerJoined, Peer: m.id}
	if hello.Type != TypeJoin {
		r.host, joined.Host = m.id, m.id
	}
	welcome := Message{Type: TypeWelcome, Room: code, You: m.id, Size: r.size, Peers: []string{}, Host: r.host, ICE: s.iceServers(m.id)}
	for id := range r.members {
		welcome.Peers = append(welcome.Peers, id)
	}
	sortIDs(welcome.Peers)
	m.push(welcome)
	for _, other := range r.members {
		other.push(joined)
	}
	r.members[m.id] = m
	return m, welcome, nil
}

// open creates a room (the caller checked the limits). A code's kept key moves into its
// room while it is open. Call with s.mu held.
func (s *Server) open(code string, size int, owner string, key ed25519.PublicKey) *room {
	delete(s.keys, code)
	s.opened++
	r := &room{code: code, serial: s.opened, size: size, owner: owner, key: key, members: map[string]*member{}}
	s.rooms[code] = r
	return r
}

// iceServers lists the ICE servers for a connection, minting TURN credentials if set.
func (s *Server) iceServers(user string) []ICEServer {
	out := append([]ICEServer{}, s.cfg.ICEServers...)
	if t := s.cfg.TURN; t != nil {
		name := strconv.FormatInt(time.Now().Add(t.TTL).Unix(), 10) + ":" + user
		mac := hmac.New(sha1.New, []byte(t.Secret))
		mac.Write([]byte(name))
		out = append(out, ICEServer{URLs: t.URLs, Username: name, Credential: base64.StdEncoding.EncodeToString(mac.Sum(nil))})
	}
	return out
}

// leave removes a member and tells the others.
func (s *Server) leave(m *member) {
	s.mu.Lock()
	r := m.room
	if r.members[m.id] != m {
		s.mu.Unlock()
		return
	}
	delete(r.members, m.id)
	if r.host == m.id {
		r.host = ""
	}
	for _, other := range r.members {
		other.push(Message{Type: TypePeerLeft, Peer: m.id})
	}
	if len(r.members) == 0 {
		r.emptySince = time.Now()
	}
	left := len(r.members)
	s.mu.Unlock()
	s.logf("signal: %s left room %d after sending %d signals (%d still in)", m.id, r.serial, m.sent, left)
}

// readLoop relays a member's messages until it leaves or breaks a rule.
func (s *Server) readLoop(ctx context.Context, c *websocket.Conn, m *member) {
	bucket := netguard.NewBucket(s.cfg.RatePerSecond, s.cfg.RateBurst)
	for {
		msg, err := s.read(ctx, c)
		if err != nil {
			var e *Error
			if errors.As(err, &e) {
				m.drop(&Message{Type: TypeError, Code: e.Code, Message: e.Message})
			}
			return
		}
		if !bucket.Take(time.Now()) {
			m.drop(&Message{Type: TypeError, Code: CodeRateLimit, Message: "Too many messages: slow down."})
			return
		}
		if msg.Type != TypeSignal {
			m.drop(&Message{Type: TypeError, Code: CodeBadMessage, Message: fmt.Sprintf("Only signal messages may follow the first one, not %q.", msg.Type)})
			return
		}
		if msg.To == "" || len(msg.Data) == 0 || msg.Data[0] != '{' {
			m.drop(&Message{Type: TypeError, Code: CodeBadMessage, Message: "A signal message needs a peer (to) and a JSON object (data)."})
			return
		}
		s.relay(m, msg)
	}
}

// relay passes data to another member of the same room.
func (s *Server) relay(from *member, msg Message) {
	s.mu.Lock()
	to := from.room.members[msg.To]
	s.mu.Unlock()
	if to == nil || to == from {
		from.push(Message{Type: TypeError, Code: CodeUnknownPeer, Message: "There is no peer " + msg.To + " in this room (any more)."})
		return
	}
	to.push(Message{Type: TypeSignal, From: from.id, Data: msg.Data})
	from.sent++
	s.relayed.Add(1)
}

// writeLoop writes a member's queue, pings it when idle, and sends the error that dropped
// it before closing.
func (s *Server) writeLoop(ctx context.Context, c *websocket.Conn, m *member) {
	ping := time.NewTicker(s.cfg.PingInterval)
	defer ping.Stop()
	write := func(b []byte) bool {
		wctx, cancel := context.WithTimeout(context.Background(), s.cfg.WriteTimeout)
		defer cancel()
		return c.Write(wctx, websocket.MessageText, b) == nil
	}
	flush := func(deadline time.Time) {
		fctx, cancel := context.WithDeadline(context.Background(), deadline)
		defer cancel()
		for {
			select {
			case b := <-m.send:
				if c.Write(fctx, websocket.MessageText, b) != nil {
					return
				}
			default:
				return
			}
		}
	}
	for {
		select {
		case b := <-m.send:
			if !write(b) {
				m.drop(nil)
				_ = c.CloseNow()
				return
			}
		case <-ping.C:
			pctx, cancel := context.WithTimeout(ctx, s.cfg.WriteTimeout)
			err := c.Ping(pctx)
			cancel()
			if err != nil && ctx.Err() == nil {
				m.drop(nil)
				_ = c.CloseNow()
				return
			}
		case <-ctx.Done():
			// Flush what is queued (unless the reader was too slow for it), then the error.
			why := m.why.Load()
			if why == nil || why.Code != CodeTooSlow {
				flush(time.Now().Add(s.cfg.WriteTimeout))
			}
			if why != nil {
				b, _ := json.Marshal(why)
				write(b)
				_ = c.Close(statusFor(why.Code), why.Code)
				return
			}
			_ = c.Close(websocket.StatusNormalClosure, "")
			return
		}
	}
}

// push queues a message for the member; a member whose queue is full reads too slowly and
// is dropped rather than slowing the others down.
func (m *member) push(msg Message) {
	b, err := json.Marshal(msg)
	if err != nil {
		return
	}
	select {
	case <-m.done:
	case m.send <- b:
	default:
		m.drop(&Message{Type: TypeError, Code: CodeTooSlow, Message: "Your connection could not keep up."})
	}
}

// drop ends the member's connection, with the error that caused it (nil: it left).
func (m *member) drop(why *Message) {
	m.once.Do(func() {
		if why != nil {
			m.why.Store(why)
		}
		close(m.done)
	})
}

func sortIDs(ids []string) {
	// p1 < p2 < … < p10: by length, then text
	less := func(a, b string) bool { return len(a) < len(b) || len(a) == len(b) && a < b }
	for i := 1; i < len(ids); i++ {
		for j := i; j > 0 && less(ids[j], ids[j-1]); j-- {
			ids[j], ids[j-1] = ids[j-1], ids[j]
		}
	}
}
