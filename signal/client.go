package signal

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/coder/websocket"
)

// Conn is a client's connection to the signalling server, in a room. It works natively and
// in the browser (coder/websocket wraps the browser's WebSocket there). Send may be called
// from several goroutines; Recv from one.
type Conn struct {
	c *websocket.Conn
}

// Dial connects to the server at url (ws:// or wss://…/signal), sends hello (host or join)
// and waits for the welcome. A refusal is an *Error. A reopen needs DialKey.
func Dial(ctx context.Context, url string, hello Message) (*Conn, Message, error) {
	return DialKey(ctx, url, hello, nil)
}

// DialKey is Dial with the room's key: a host registers its public half, a reopen proves
// that it holds it by signing the server's challenge. The private key never leaves.
func DialKey(ctx context.Context, url string, hello Message, key ed25519.PrivateKey) (*Conn, Message, error) {
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		return nil, Message{}, fmt.Errorf("cannot reach the signalling server: %w", err)
	}
	conn := &Conn{c: c}
	w, err := conn.enter(ctx, hello, key)
	if err != nil {
		// Not CloseNow: in the browser it closes with 1001, which WebSocket.close refuses
		// (only 1000 and 3000–4999), so the socket stayed open and the server kept a member
		// that took a seat and answered nobody. The close is awaited, so that a retry does
		// not find its own abandoned connection still in the room.
		_ = conn.Close()
		return nil, Message{}, err
	}
	return conn, w, nil
}

// enter sends the first message, answers a challenge and returns the welcome.
func (c *Conn) enter(ctx context.Context, hello Message, key ed25519.PrivateKey) (Message, error) {
	c.c.SetReadLimit(1 << 20)
	if hello.V == 0 {
		hello.V = Version
	}
	if key != nil && hello.Key == "" {
		hello.Key = Encode64(key.Public().(ed25519.PublicKey))
	}
	if err := c.Send(ctx, hello); err != nil {
		return Message{}, err
	}
	for {
		m, err := c.Recv(ctx)
		if err != nil {
			return Message{}, err
		}
		switch {
		case m.Type == TypeWelcome:
			return m, nil
		case m.Type == TypeChallenge && key != nil:
			if err := c.prove(ctx, hello.Room, m.Nonce, key); err != nil {
				return Message{}, err
			}
		default:
			return Message{}, fmt.Errorf("the signalling server answered %q instead of a welcome", m.Type)
		}
	}
}

// prove signs the server's nonce for the room.
func (c *Conn) prove(ctx context.Context, room, nonce string, key ed25519.PrivateKey) error {
	n, ok := Decode64(nonce, NonceBytes)
	code, err := NormalizeCode(room)
	if !ok || err != nil {
		return fmt.Errorf("the signalling server sent a malformed challenge")
	}
	sig := ed25519.Sign(key, ProofPayload(code, n))
	return c.Send(ctx, Message{Type: TypeProof, Sig: Encode64(sig)})
}

// Send sends a message.
func (c *Conn) Send(ctx context.Context, m Message) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return c.c.Write(ctx, websocket.MessageText, b)
}

// Recv returns the next message. An error message from the server comes back as an *Error
// (the server then closes the connection, except for unknown-peer).
func (c *Conn) Recv(ctx context.Context) (Message, error) {
	_, b, err := c.c.Read(ctx)
	if err != nil {
		var ce websocket.CloseError
		if errors.As(err, &ce) {
			code := ce.Reason
			if ce.Code == websocket.StatusMessageTooBig {
				code = CodeTooBig // the WebSocket library refused it before the server could say so
			}
			return Message{}, &Error{Code: code, Message: "The signalling server closed the connection (" + code + ")."}
		}
		return Message{}, err
	}
	var m Message
	if err := json.Unmarshal(b, &m); err != nil {
		return Message{}, fmt.Errorf("the signalling server sent something that is not JSON")
	}
	if m.Type == TypeError {
		return m, &Error{Code: m.Code, Message: m.Message}
	}
	return m, nil
}

// Close closes the connection.
func (c *Conn) Close() error { return c.c.Close(websocket.StatusNormalClosure, "") }
