package signal

import (
	"context"
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

// Dial connects to the server at url (ws:// or wss://…/signal), sends hello (host, join or
// reopen) and waits for the welcome. A refusal is an *Error.
func Dial(ctx context.Context, url string, hello Message) (*Conn, Message, error) {
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		return nil, Message{}, fmt.Errorf("cannot reach the signalling server: %w", err)
	}
	c.SetReadLimit(1 << 20)
	conn := &Conn{c: c}
	if err := conn.Send(ctx, hello); err != nil {
		c.CloseNow()
		return nil, Message{}, err
	}
	w, err := conn.Recv(ctx)
	if err != nil {
		c.CloseNow()
		return nil, Message{}, err
	}
	if w.Type != TypeWelcome {
		c.CloseNow()
		return nil, Message{}, fmt.Errorf("the signalling server answered %q instead of a welcome", w.Type)
	}
	return conn, w, nil
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
