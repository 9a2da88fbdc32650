//go:build !js

package signal

import (
	"context"
	"crypto/hmac"
	"crypto/sha1"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

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
	HelloTimeout    time.Duration // time to send the first message (default 10 s)
	PingInterval    time.Duration // how often an idle connection is pinged (default 30 s)
	WriteTimeout    time.Duration // time to write one message (default 10 s)
	SendQueue       int           // messages waiting for a slow reader before it is dropped (default 64)
	// OriginPatterns are the host patterns of other origins allowed to connect (the page's
	// own host is always allowed), as coder/websocket's AcceptOptions take them.
	OriginPatterns []string
	// TrustForwardedFor counts connections by the X-Forwarded-For address (behind a proxy).
	TrustForwardedFor bool
	// ICEServers are handed to every client as they are.
	ICEServers []ICEServer
	// TURN, when set, adds a TURN server with a short-lived username and credential minted
	// per connection from a secret shared with coturn (its use-auth-secret mode).
	TURN *TURNSecret
	// Logf logs a line (nil: silent).
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
	conns  map[string]int // open connections by remote address
	closed bool

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	relayed atomic.Int64 // messages relayed between members
}

type room struct {
	code       string
	size       int
	next       int // the last peer number given out
	members    map[string]*member
	emptySince time.Time
}

type member struct {
	id   string
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
	s := &Server{cfg: cfg, rooms: map[string]*room{}, conns: map[string]int{}, ctx: ctx, cancel: cancel}
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

// Stats describes the server now: rooms open, members connected, messages relayed so far.
type Stats struct {
	Rooms, Members int
	Relayed        int64
}

// Stats reports the server's counts.
func (s *Server) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := Stats{Rooms: len(s.rooms), Relayed: s.relayed.Load()}
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

// janitor forgets rooms that stayed empty for the TTL.
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
			for code, r := range s.rooms {
				if len(r.members) == 0 && now.Sub(r.emptySince) >= s.cfg.EmptyRoomTTL {
					delete(s.rooms, code)
				}
			}
			s.mu.Unlock()
		}
	}
}

// remoteAddr is the address connections are counted by.
func (s *Server) remoteAddr(r *http.Request) string {
	if s.cfg.TrustForwardedFor {
		if f := r.Header.Get("X-Forwarded-For"); f != "" {
			first, _, _ := strings.Cut(f, ",")
			return strings.TrimSpace(first)
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
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
		s.refuse(c, CodeShutdown, "The server is shutting down.")
		return
	}
	if s.conns[addr] >= s.cfg.MaxConnsPerAddr {
		s.mu.Unlock()
		s.refuse(c, CodeTooManyConns, fmt.Sprintf("Too many connections from your address (at most %d).", s.cfg.MaxConnsPerAddr))
		return
	}
	s.conns[addr]++
	s.wg.Add(1)
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		if s.conns[addr]--; s.conns[addr] <= 0 {
			delete(s.conns, addr)
		}
		s.mu.Unlock()
		s.wg.Done()
	}()
	s.serve(c)
}

// refuse sends an error and closes the connection.
func (s *Server) refuse(c *websocket.Conn, code, msg string) {
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
	case CodeTooManyConns, CodeTooManyRooms:
		return websocket.StatusTryAgainLater
	}
	return websocket.StatusPolicyViolation
}

// serve reads the first message, enters the room, then relays until the connection ends.
func (s *Server) serve(c *websocket.Conn) {
	// A read whose context expires closes the connection at once, so the hello's deadline
	// is a timer that sends the error (writes may run beside a read) and closes.
	timer := time.AfterFunc(s.cfg.HelloTimeout, func() { s.refuse(c, CodeTimeout, "No room was asked for in time.") })
	hello, err := s.read(s.ctx, c)
	if !timer.Stop() {
		return
	}
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			s.refuse(c, e.Code, e.Message)
		}
		return
	}
	m, welcome, e := s.enter(hello)
	if e != nil {
		s.refuse(c, e.Code, e.Message)
		return
	}
	defer s.leave(m)
	m.push(welcome)

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

// read reads and decodes one message.
func (s *Server) read(ctx context.Context, c *websocket.Conn) (Message, error) {
	typ, b, err := c.Read(ctx)
	if err != nil {
		if websocket.CloseStatus(err) == websocket.StatusMessageTooBig || strings.Contains(err.Error(), "read limited") {
			return Message{}, &Error{Code: CodeTooBig, Message: fmt.Sprintf("A message was larger than %d bytes.", s.cfg.MaxMessageBytes)}
		}
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

// enter registers a new member in the room its first message asks for. It returns the
// welcome to send it; the members already there are told of it (and offer to it).
func (s *Server) enter(hello Message) (*member, Message, *Error) {
	var code string
	switch hello.Type {
	case TypeHost:
		if hello.Room != "" {
			return nil, Message{}, &Error{Code: CodeBadMessage, Message: "A host message names no room: the server picks the code."}
		}
	case TypeJoin, TypeReopen:
		c, err := NormalizeCode(hello.Room)
		if err != nil {
			return nil, Message{}, &Error{Code: CodeBadRoomCode, Message: "That is not a room code: " + err.Error() + "."}
		}
		code = c
	default:
		return nil, Message{}, &Error{Code: CodeBadMessage, Message: fmt.Sprintf("The first message must be host, join or reopen, not %q.", hello.Type)}
	}
	if hello.Type != TypeJoin && (hello.Size < MinRoomSize || hello.Size > MaxRoomSize) {
		return nil, Message{}, &Error{Code: CodeBadMessage, Message: fmt.Sprintf("A room is for %d to %d players.", MinRoomSize, MaxRoomSize)}
	}
	if hello.To != "" || hello.Data != nil {
		return nil, Message{}, &Error{Code: CodeBadMessage, Message: "The first message carries no data."}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var r *room
	switch hello.Type {
	case TypeHost:
		if len(s.rooms) >= s.cfg.MaxRooms {
			return nil, Message{}, &Error{Code: CodeTooManyRooms, Message: "The server has too many rooms open; try again later."}
		}
		for code == "" || s.rooms[code] != nil {
			code = NewCode()
		}
		r = &room{code: code, size: hello.Size, members: map[string]*member{}}
		s.rooms[code] = r
	case TypeJoin:
		r = s.rooms[code]
		if r == nil {
			return nil, Message{}, &Error{Code: CodeNoRoom, Message: "There is no room " + FormatCode(code) + ": check the code, or ask the host to open it again."}
		}
	case TypeReopen:
		r = s.rooms[code]
		if r == nil {
			if len(s.rooms) >= s.cfg.MaxRooms {
				return nil, Message{}, &Error{Code: CodeTooManyRooms, Message: "The server has too many rooms open; try again later."}
			}
			r = &room{code: code, size: hello.Size, members: map[string]*member{}}
			s.rooms[code] = r
		}
	}
	if len(r.members) >= r.size {
		return nil, Message{}, &Error{Code: CodeRoomFull, Message: fmt.Sprintf("Room %s is full (%d players).", FormatCode(code), r.size)}
	}
	r.next++
	m := &member{id: "p" + strconv.Itoa(r.next), room: r, send: make(chan []byte, s.cfg.SendQueue), done: make(chan struct{})}
	welcome := Message{Type: TypeWelcome, Room: code, You: m.id, Size: r.size, Peers: []string{}, ICE: s.iceServers(m.id)}
	for id, other := range r.members {
		welcome.Peers = append(welcome.Peers, id)
		other.push(Message{Type: TypePeerJoined, Peer: m.id})
	}
	sortIDs(welcome.Peers)
	r.members[m.id] = m
	return m, welcome, nil
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
	defer s.mu.Unlock()
	r := m.room
	if r.members[m.id] != m {
		return
	}
	delete(r.members, m.id)
	for _, other := range r.members {
		other.push(Message{Type: TypePeerLeft, Peer: m.id})
	}
	if len(r.members) == 0 {
		r.emptySince = time.Now()
	}
}

// readLoop relays a member's messages until it leaves or breaks a rule.
func (s *Server) readLoop(ctx context.Context, c *websocket.Conn, m *member) {
	bucket := newTokenBucket(s.cfg.RatePerSecond, s.cfg.RateBurst)
	for {
		msg, err := s.read(ctx, c)
		if err != nil {
			var e *Error
			if errors.As(err, &e) {
				m.drop(&Message{Type: TypeError, Code: e.Code, Message: e.Message})
			}
			return
		}
		if !bucket.take(time.Now()) {
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

// tokenBucket limits a rate of messages.
type tokenBucket struct {
	rate, burst, tokens float64
	last                time.Time
}

func newTokenBucket(rate float64, burst int) *tokenBucket {
	return &tokenBucket{rate: rate, burst: float64(burst), tokens: float64(burst)}
}

func (b *tokenBucket) take(now time.Time) bool {
	if !b.last.IsZero() {
		b.tokens += now.Sub(b.last).Seconds() * b.rate
		if b.tokens > b.burst {
			b.tokens = b.burst
		}
	}
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
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
