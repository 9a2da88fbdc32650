package mesh

import (
	"context"
	"encoding/json"
	"errors"

	"brass/signal"
)

// Over turns a connection to the signalling server into the mesh's Signalling.
func Over(c *signal.Conn) Signalling { return signalConn{c} }

type signalConn struct{ c *signal.Conn }

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
			return SignalEvent{Kind: PeerJoined, Peer: m.Peer}, nil
		case signal.TypePeerLeft:
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
