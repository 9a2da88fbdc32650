// Package mesh connects the players of an online game to each other: one WebRTC peer connection
// with one reliable, ordered data channel to every other member of a signalling room (a full
// mesh of at most four players, so at most three connections each).
//
// The signalling server introduces the peers and says who offers to whom: members already in
// the room offer to a newcomer, so no two peers ever offer to each other at once. The mesh
// knows nothing about the game; it delivers text messages and tells the owner when a peer's
// channel opens, goes quiet (no heartbeat for a few seconds: a closed laptop, a lost network)
// and closes. It runs the same natively (pion's own ICE, DTLS and SCTP, for tests) and in the
// browser, over the browser's own RTCPeerConnection (rtc.go).
package mesh

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"time"
)

// Signalling is what the mesh needs from the signalling connection.
type Signalling interface {
	// Recv blocks for the next event from the server.
	Recv(ctx context.Context) (SignalEvent, error)
	// Relay sends data to one member of the room through the server.
	Relay(ctx context.Context, to string, data []byte) error
	// Close closes the connection; Recv then returns an error.
	Close() error
}

// SignalKind tells signalling events apart.
type SignalKind int

// Signalling events.
const (
	// PeerJoined: a new member joined the room; this side offers to it.
	PeerJoined SignalKind = iota + 1
	// PeerLeft: a member's signalling connection closed.
	PeerLeft
	// Relayed: data from a member (an SDP or an ICE candidate).
	Relayed
)

// SignalEvent is one event from the signalling server.
type SignalEvent struct {
	Kind SignalKind
	Peer string
	Data []byte
}

// EventKind tells mesh events apart.
type EventKind int

// Mesh events, delivered in order on Events.
const (
	// Open: the data channel to Peer is open; messages can be sent.
	Open EventKind = iota + 1
	// Message: Peer sent Data.
	Message
	// Quiet: nothing, not even a heartbeat, came from Peer for Config.QuietAfter.
	Quiet
	// Heard: Peer is heard again after being quiet.
	Heard
	// Closed: the connection to Peer is gone (it left the room, or the connection failed).
	Closed
	// Lost: the signalling connection is gone; the mesh has closed every connection and
	// delivers no more events. Err says why.
	Lost
)

func (k EventKind) String() string {
	switch k {
	case Open:
		return "open"
	case Message:
		return "message"
	case Quiet:
		return "quiet"
	case Heard:
		return "heard"
	case Closed:
		return "closed"
	case Lost:
		return "lost"
	}
	return "?"
}

// Event is something that happened to the mesh.
type Event struct {
	Kind EventKind
	Peer string
	Data []byte
	Err  error
}

// Config tunes a mesh.
type Config struct {
	// ICEServers are the STUN and TURN servers (from the signalling server's welcome).
	ICEServers []ICEServer
	// RelayOnly forces every connection through a TURN relay (tests of the relay path).
	RelayOnly bool
	// Loopback makes native peers connect over loopback with no mDNS (tests); ignored in the
	// browser, which decides its candidates itself.
	Loopback bool
	// Heartbeat is how often an idle channel sends a heartbeat (default 1 s).
	Heartbeat time.Duration
	// QuietAfter is how long without a word before a peer is reported quiet (default 4 s).
	QuietAfter time.Duration
	// MaxMessage is the largest message accepted or sent, in bytes (default 200 KiB; the
	// browsers' data channels take 256 KiB).
	MaxMessage int
	// Tune, natively, changes pion's settings after the ones above: tests use it to run the
	// connections over a virtual network (SettingEngine.SetNet). Ignored in the browser.
	Tune Tuner
	// ConnectTimeout is how long a new connection may take to open its channel before it is
	// given up and offered again (default 12 s). ICE that stalls (a lost relay allocation, a
	// candidate pair that never answers) otherwise takes 30 s or more to be declared failed.
	ConnectTimeout time.Duration
}

func (c *Config) defaults() {
	if c.Heartbeat <= 0 {
		c.Heartbeat = time.Second
	}
	if c.QuietAfter <= 0 {
		c.QuietAfter = 4 * time.Second
	}
	if c.MaxMessage <= 0 {
		c.MaxMessage = 200 << 10
	}
	if c.ConnectTimeout <= 0 {
		c.ConnectTimeout = 12 * time.Second
	}
}

// ErrTooBig is returned by Send for a message over Config.MaxMessage.
var ErrTooBig = errors.New("message too big for the data channel")

// ErrNotOpen is returned by Send when there is no open channel to the peer.
var ErrNotOpen = errors.New("no open connection to that player")

// Frames on the data channel: a heartbeat, or a message.
const (
	frameHeartbeat = 'h'
	frameMessage   = 'm'
)

// channelLabel names the one data channel of each connection.
const channelLabel = "brass"

// Mesh is this device's connections to the other members of a room.
type Mesh struct {
	cfg    Config
	sig    Signalling
	rtc    *rtc
	events chan Event
	ctx    context.Context
	cancel context.CancelFunc

	mu     sync.Mutex
	peers  map[string]*peer
	closed bool
	done   chan struct{}
}

// peer is the connection to one member.
type peer struct {
	// order serialises reporting this peer's channel open and its messages: they arrive on
	// different goroutines, and the owner must hear Open before the first Message.
	order   sync.Mutex
	id      string
	offerer bool
	pc      conn
	dc      channel
	open    bool
	quiet   bool
	heard   time.Time // last frame received
	sent    time.Time // last frame sent
	remote  bool      // the remote description is set
	pending []Candidate
}

// signalData is what travels through the signalling server between two peers.
type signalData struct {
	SDP       *SDP       `json:"sdp,omitempty"`
	Candidate *Candidate `json:"candidate,omitempty"`
}

// New starts a mesh on a signalling connection that has just joined a room. The mesh owns sig
// from now on and closes it on Close. Events must be read until a Lost event or Close.
func New(sig Signalling, cfg Config) *Mesh {
	cfg.defaults()
	ctx, cancel := context.WithCancel(context.Background())
	m := &Mesh{
		cfg:    cfg,
		sig:    sig,
		rtc:    newRTC(cfg),
		events: make(chan Event, 4096),
		ctx:    ctx,
		cancel: cancel,
		peers:  map[string]*peer{},
		done:   make(chan struct{}),
	}
	go m.signalLoop()
	go m.heartbeatLoop()
	return m
}

// Events delivers what happens, in order.
func (m *Mesh) Events() <-chan Event { return m.events }

// Send sends a message to one peer.
func (m *Mesh) Send(to string, msg []byte) error {
	if len(msg) > m.cfg.MaxMessage {
		return ErrTooBig
	}
	m.mu.Lock()
	p := m.peers[to]
	if p == nil || !p.open {
		m.mu.Unlock()
		return ErrNotOpen
	}
	dc := p.dc
	p.sent = time.Now()
	m.mu.Unlock()
	return dc.Send(string(frameMessage) + string(msg))
}

// Broadcast sends a message to every peer with an open channel and returns the ids it went to.
func (m *Mesh) Broadcast(msg []byte) []string {
	var sent []string
	for _, id := range m.OpenPeers() {
		if m.Send(id, msg) == nil {
			sent = append(sent, id)
		}
	}
	return sent
}

// OpenPeers lists the peers with an open channel.
func (m *Mesh) OpenPeers() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []string
	for id, p := range m.peers {
		if p.open {
			out = append(out, id)
		}
	}
	sortStrings(out)
	return out
}

// Close closes every connection and the signalling connection. It is safe to call twice.
func (m *Mesh) Close() {
	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		return
	}
	m.closed = true
	peers := m.peers
	m.peers = map[string]*peer{}
	m.mu.Unlock()
	m.cancel()
	_ = m.sig.Close()
	for _, p := range peers {
		closePeer(p)
	}
	<-m.done
}

// emit delivers an event unless the mesh is closed. The buffer is large; if the owner stops
// reading altogether, events are dropped rather than blocking pion's callbacks.
func (m *Mesh) emit(ev Event) {
	select {
	case m.events <- ev:
	default:
	}
}

// signalLoop handles the signalling server's events one at a time. pion's methods block on
// the browser's promises in wasm, so they run here, never in a callback.
func (m *Mesh) signalLoop() {
	defer close(m.done)
	for {
		ev, err := m.sig.Recv(m.ctx)
		if err != nil {
			m.lose(err)
			return
		}
		switch ev.Kind {
		case PeerJoined:
			m.offer(ev.Peer)
		case PeerLeft:
			m.drop(ev.Peer)
		case Relayed:
			m.relayed(ev.Peer, ev.Data)
		}
	}
}

// lose ends the mesh after the signalling connection failed.
func (m *Mesh) lose(err error) {
	m.mu.Lock()
	closed := m.closed
	peers := m.peers
	m.peers = map[string]*peer{}
	m.closed = true
	m.mu.Unlock()
	if closed {
		return
	}
	m.cancel()
	for id, p := range peers {
		closePeer(p)
		m.emit(Event{Kind: Closed, Peer: id})
	}
	m.emit(Event{Kind: Lost, Err: err})
}

// offer opens a connection to a newcomer: this side creates the channel and the offer.
func (m *Mesh) offer(id string) {
	p, err := m.newPeer(id, true)
	if err != nil {
		return
	}
	dc, err := p.pc.CreateChannel(channelLabel) // reliable and ordered
	if err != nil {
		m.fail(p)
		return
	}
	m.attach(p, dc)
	sdp, err := p.pc.Offer()
	if err != nil {
		m.fail(p)
		return
	}
	m.relay(id, signalData{SDP: &sdp})
}

// relayed handles an SDP or a candidate from a peer.
func (m *Mesh) relayed(id string, data []byte) {
	var sd signalData
	if err := json.Unmarshal(data, &sd); err != nil {
		return // not ours; the server relays whatever members send
	}
	switch {
	case sd.SDP != nil && sd.SDP.Type == "offer":
		// An offer starts a connection (again, if the peer restarts a failed one).
		p, err := m.newPeer(id, false)
		if err != nil {
			return
		}
		p.pc.OnChannel(func(dc channel) {
			if dc.Label() == channelLabel {
				m.attach(p, dc)
			}
		})
		answer, err := p.pc.Answer(*sd.SDP)
		if err != nil {
			m.fail(p)
			return
		}
		m.remoteSet(p)
		m.relay(id, signalData{SDP: &answer})
	case sd.SDP != nil && sd.SDP.Type == "answer":
		p := m.peer(id)
		if p == nil || !p.offerer {
			return
		}
		if err := p.pc.Accept(*sd.SDP); err != nil {
			m.fail(p)
			return
		}
		m.remoteSet(p)
	case sd.Candidate != nil:
		p := m.peer(id)
		if p == nil {
			return
		}
		m.mu.Lock()
		if !p.remote {
			p.pending = append(p.pending, *sd.Candidate)
			m.mu.Unlock()
			return
		}
		m.mu.Unlock()
		_ = p.pc.AddCandidate(*sd.Candidate)
	}
}

// remoteSet adds the candidates that arrived before the remote description.
func (m *Mesh) remoteSet(p *peer) {
	m.mu.Lock()
	p.remote = true
	pending := p.pending
	p.pending = nil
	m.mu.Unlock()
	for _, c := range pending {
		_ = p.pc.AddCandidate(c)
	}
}

func (m *Mesh) relay(to string, sd signalData) {
	b, err := json.Marshal(sd)
	if err != nil {
		return
	}
	_ = m.sig.Relay(m.ctx, to, b)
}

// peer returns the current connection to id, or nil.
func (m *Mesh) peer(id string) *peer {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.peers[id]
}

// newPeer makes a fresh connection to id, replacing (and closing) any earlier one.
func (m *Mesh) newPeer(id string, offerer bool) (*peer, error) {
	pc, err := m.rtc.newConn()
	if err != nil {
		return nil, err
	}
	p := &peer{id: id, offerer: offerer, pc: pc}
	pc.OnCandidate(func(c Candidate) {
		if c.Candidate == "" || c.Candidate == "candidate:" {
			return // end of candidates (the browser's empty candidate)
		}
		m.relay(id, signalData{Candidate: &c})
	})
	pc.OnFailed(func() { m.fail(p) })
	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		pc.Close()
		return nil, errors.New("mesh closed")
	}
	old := m.peers[id]
	m.peers[id] = p
	m.mu.Unlock()
	if old != nil {
		wasOpen := old.open
		closePeer(old)
		if wasOpen {
			m.emit(Event{Kind: Closed, Peer: id})
		}
	}
	go m.openWithin(p, m.cfg.ConnectTimeout)
	return p, nil
}

// openWithin gives up a connection whose channel has not opened in time; fail then offers
// again (from the side that offered).
func (m *Mesh) openWithin(p *peer, d time.Duration) {
	select {
	case <-time.After(d):
	case <-m.ctx.Done():
		return
	}
	m.mu.Lock()
	stalled := m.peers[p.id] == p && !p.open
	m.mu.Unlock()
	if stalled {
		m.fail(p)
	}
}

// attach wires a data channel to its peer.
func (m *Mesh) attach(p *peer, dc channel) {
	m.mu.Lock()
	p.dc = dc
	m.mu.Unlock()
	dc.OnOpen(func() {
		p.order.Lock()
		defer p.order.Unlock()
		m.opened(p)
	})
	dc.OnClose(func() { m.fail(p) })
	dc.OnMessage(func(data []byte) { m.received(p, data) })
}

// opened marks a channel open and reports it once. The channel's open event and its first
// message run on different goroutines and may come in either order, so whichever comes
// first opens it; both hold p.order, so the owner always hears Open before the peer's
// first message.
func (m *Mesh) opened(p *peer) {
	m.mu.Lock()
	first := m.peers[p.id] == p && !p.open
	if first {
		p.open = true
		p.heard = time.Now()
	}
	m.mu.Unlock()
	if first {
		m.emit(Event{Kind: Open, Peer: p.id})
	}
}

// received handles one frame. It never blocks: pion delivers messages in order only while
// the handler returns at once.
func (m *Mesh) received(p *peer, frame []byte) {
	if len(frame) == 0 || len(frame) > m.cfg.MaxMessage+1 {
		return
	}
	p.order.Lock()
	defer p.order.Unlock()
	m.opened(p)
	m.mu.Lock()
	if m.peers[p.id] != p {
		m.mu.Unlock()
		return
	}
	p.heard = time.Now()
	wasQuiet := p.quiet
	p.quiet = false
	m.mu.Unlock()
	if wasQuiet {
		m.emit(Event{Kind: Heard, Peer: p.id})
	}
	if frame[0] == frameMessage {
		m.emit(Event{Kind: Message, Peer: p.id, Data: append([]byte(nil), frame[1:]...)})
	}
}

// fail closes a connection that failed or closed. If this side offered, it offers again
// after a pause, as long as the peer is still in the room (the server would have said
// otherwise); the answering side waits for that offer.
func (m *Mesh) fail(p *peer) {
	m.mu.Lock()
	current := m.peers[p.id] == p
	if current {
		delete(m.peers, p.id)
	}
	wasOpen := p.open
	p.open = false
	closed := m.closed
	m.mu.Unlock()
	if !current {
		return
	}
	closePeer(p)
	if wasOpen {
		m.emit(Event{Kind: Closed, Peer: p.id})
	}
	if p.offerer && !closed {
		go func() {
			select {
			case <-time.After(2 * time.Second):
			case <-m.ctx.Done():
				return
			}
			if m.peer(p.id) == nil {
				m.offer(p.id)
			}
		}()
	}
}

// drop forgets a peer that left the room.
func (m *Mesh) drop(id string) {
	m.mu.Lock()
	p := m.peers[id]
	delete(m.peers, id)
	m.mu.Unlock()
	if p == nil {
		m.emit(Event{Kind: Closed, Peer: id})
		return
	}
	closePeer(p)
	m.emit(Event{Kind: Closed, Peer: id})
}

func closePeer(p *peer) {
	if p.dc != nil {
		p.dc.Close()
	}
	p.pc.Close()
}

// heartbeatLoop keeps idle channels talking and reports peers that went quiet.
func (m *Mesh) heartbeatLoop() {
	t := time.NewTicker(m.cfg.Heartbeat / 2)
	defer t.Stop()
	for {
		select {
		case <-m.ctx.Done():
			return
		case now := <-t.C:
			m.beat(now)
		}
	}
}

func (m *Mesh) beat(now time.Time) {
	type due struct {
		dc channel
	}
	var send []due
	var quiet []string
	m.mu.Lock()
	for id, p := range m.peers {
		if !p.open {
			continue
		}
		if now.Sub(p.sent) >= m.cfg.Heartbeat {
			p.sent = now
			send = append(send, due{p.dc})
		}
		if !p.quiet && now.Sub(p.heard) >= m.cfg.QuietAfter {
			p.quiet = true
			quiet = append(quiet, id)
		}
	}
	m.mu.Unlock()
	for _, d := range send {
		_ = d.dc.Send(string(frameHeartbeat))
	}
	sortStrings(quiet)
	for _, id := range quiet {
		m.emit(Event{Kind: Quiet, Peer: id})
	}
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// Route says how the connection to a peer travels: the candidate types of the selected pair
// on this side and the other ("host", "srflx", "prflx" or "relay"), or "" while unknown.
func (m *Mesh) Route(peer string) (local, remote string) {
	p := m.peer(peer)
	if p == nil || !p.open {
		return "", ""
	}
	return p.pc.Route()
}
