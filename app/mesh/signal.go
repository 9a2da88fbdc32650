package mesh

import (
	"context"
	"encoding/json"
	"errors"
	"sync"

	"brass/signal"
)

// Over turns a connection to the signalling server into the mesh's Signalling.
func Over(c *signal.Conn) Signalling {
	s, _ := OverNamingHosts(c, "")
	return s
}

// OverNamingHosts is Over that also keeps which members the server named the room's host
// (they registered or proved the room's key): host is the one the welcome named. The set is
// updated before the mesh hears of a newcomer, so before any message of it can arrive.
func OverNamingHosts(c *signal.Conn, host string) (Signalling, *Hosts) {
	h := &Hosts{named: map[string]bool{}}
	if host != "" {
		h.named[host] = true
	}
	return signalConn{c, h}, h
}

// Hosts is the set of members the signalling server named the room's host. It may be read
// from any goroutine.
type Hosts struct {
	mu    sync.Mutex
	named map[string]bool
}

// Named reports whether the server named peer the room's host.
func (h *Hosts) Named(peer string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.named[peer]
}

func (h *Hosts) set(peer string, named bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if named {
		h.named[peer] = true
	} else {
		delete(h.named, peer)
	}
}

type signalConn struct {
	c     *signal.Conn
	hosts *Hosts
}

func (s signalConn) Recv(ctx context.Context) (SignalEvent, error) {
	for {
		m, err := s.c.Recv(ctx)
		var se *signal.Error
		if errors.As(err, &se) && se.Code == signal.CodeUnknownPeer {
			continue // the peer has just left; its peer-left follows
		}
		if err != nil {
			return SignalEvent{}, err
		}
		switch m.Type {
		case signal.TypePeerJoined:
			s.hosts.set(m.Peer, m.Host == m.Peer)
			return SignalEvent{Kind: PeerJoined, Peer: m.Peer}, nil
		case signal.TypePeerLeft:
			s.hosts.set(m.Peer, false)
			return SignalEvent{Kind: PeerLeft, Peer: m.Peer}, nil
		case signal.TypeSignal:
			return SignalEvent{Kind: Relayed, Peer: m.From, Data: m.Data}, nil
		}
	}
}

func (s signalConn) Relay(ctx context.Context, to string, data []byte) error {
	return s.c.Send(ctx, signal.Message{Type: signal.TypeSignal, To: to, Data: json.RawMessage(data)})
}

func (s signalConn) Close() error { return s.c.Close() }
