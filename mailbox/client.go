package mailbox

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/coder/websocket"
)

// Conn is a device's connection to one game's mailbox. It works natively and in the
// browser (coder/websocket wraps the browser's WebSocket there). Append may be called from
// several goroutines: appends go out, and are numbered, in the order of the calls.
type Conn struct {
	c      *websocket.Conn
	opened Frame
	events chan Delivery

	wmu sync.Mutex // one write at a time, in call order

	mu      sync.Mutex
	nextID  int64
	waiting map[int64]chan ackOrError
	err     error
	done    chan struct{}
}

// Delivery is one message of the log, or (Live) the sign that every message up to N was
// delivered and what follows is live.
type Delivery struct {
	N   int64
	Env Envelope
	// At is the server's time of the message's append, in Unix milliseconds (0: unknown),
	// for per-turn time limits. It is not signed: the server's word.
	At   int64
	Live bool
}

type ackOrError struct {
	a   Appended
	err error
}

// ErrClosed is the error of a connection that was closed or lost; a retry on a new
// connection sends the same envelope again, which the server numbers once.
var ErrClosed = errors.New("the mailbox connection closed")

// Dial connects to the mailbox at url (ws:// or wss://…/mailbox) and opens a game: open is
// an open frame (Game, After, Watch, and Create to create it). A refusal is an *Error.
func Dial(ctx context.Context, url string, open Frame) (*Conn, error) {
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		return nil, fmt.Errorf("cannot reach the mailbox: %w", err)
	}
	c.SetReadLimit(MaxFrame + 1)
	open.V, open.Type = Version, TypeOpen
	conn := &Conn{c: c, events: make(chan Delivery, 64), waiting: map[int64]chan ackOrError{}, done: make(chan struct{})}
	if err := conn.write(ctx, open); err != nil {
		c.CloseNow()
		return nil, err
	}
	f, err := conn.read(ctx)
	if err == nil && f.Type == TypeError {
		err = &Error{Code: f.Code, Message: f.Message}
	} else if err == nil && f.Type != TypeOpened {
		err = fmt.Errorf("the mailbox answered the open with %q", f.Type)
	}
	if err != nil {
		_ = c.Close(websocket.StatusNormalClosure, "")
		return nil, err
	}
	conn.opened = f
	go conn.readLoop()
	return conn, nil
}

// Opened is the server's answer to the open: the game's head then, its seats, whether its
// genesis was stored.
func (c *Conn) Opened() Frame { return c.opened }

// Deliveries are the log's messages after the open's number, in order, then live ones. The
// channel closes when the connection ends (Err says why).
func (c *Conn) Deliveries() <-chan Delivery { return c.events }

// Done is closed when the connection ends.
func (c *Conn) Done() <-chan struct{} { return c.done }

// Err is why the connection ended (nil while it lasts): an *Error from the server, or
// ErrClosed.
func (c *Conn) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// Append sends an envelope and waits until the server has stored it durably (or refused
// it: an *Error, after which the server ends the connection, so that no later append
// overtakes a refused one).
func (c *Conn) Append(ctx context.Context, env Envelope) (Appended, error) {
	wait, err := c.Post(ctx, env)
	if err != nil {
		return Appended{}, err
	}
	return wait(ctx)
}

// Post sends an envelope without waiting: wait gives its outcome. Envelopes posted one
// after another are stored in that order.
func (c *Conn) Post(ctx context.Context, env Envelope) (wait func(context.Context) (Appended, error), err error) {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.mu.Lock()
	if c.err != nil {
		err := c.err
		c.mu.Unlock()
		return nil, err
	}
	c.nextID++
	id := c.nextID
	ch := make(chan ackOrError, 1)
	c.waiting[id] = ch
	c.mu.Unlock()
	if err := c.write(ctx, Frame{Type: TypeAppend, ID: id, Env: &env}); err != nil {
		c.fail(ErrClosed)
		return nil, err
	}
	return func(ctx context.Context) (Appended, error) {
		select {
		case r := <-ch:
			return r.a, r.err
		case <-ctx.Done():
			return Appended{}, ctx.Err()
		}
	}, nil
}

// Close ends the connection (politely, if it still stands).
func (c *Conn) Close() error {
	c.mu.Lock()
	ended := c.err != nil
	c.mu.Unlock()
	var err error
	if !ended {
		err = c.c.Close(websocket.StatusNormalClosure, "")
	}
	c.fail(ErrClosed)
	return err
}

func (c *Conn) write(ctx context.Context, f Frame) error {
	b, err := json.Marshal(f)
	if err != nil {
		return err
	}
	return c.c.Write(ctx, websocket.MessageText, b)
}

func (c *Conn) read(ctx context.Context) (Frame, error) {
	_, b, err := c.c.Read(ctx)
	if err != nil {
		return Frame{}, err
	}
	var f Frame
	if err := json.Unmarshal(b, &f); err != nil {
		return Frame{}, fmt.Errorf("the mailbox sent a frame that is not JSON: %w", err)
	}
	return f, nil
}

// readLoop hands out deliveries and answers appends until the connection ends.
func (c *Conn) readLoop() {
	defer close(c.events)
	for {
		f, err := c.read(context.Background())
		if err != nil {
			c.fail(ErrClosed)
			return
		}
		switch f.Type {
		case TypeMsg:
			if f.Env == nil {
				c.fail(fmt.Errorf("the mailbox sent message %d without its envelope", f.N))
				return
			}
			select {
			case c.events <- Delivery{N: f.N, At: f.At, Env: *f.Env}:
			case <-c.done:
				return
			}
		case TypeLive:
			select {
			case c.events <- Delivery{N: f.N, Live: true}:
			case <-c.done:
				return
			}
		case TypeAck:
			c.answer(f.ID, ackOrError{a: Appended{N: f.N, Dup: f.Dup}})
		case TypeError:
			e := &Error{Code: f.Code, Message: f.Message}
			if f.ID != 0 {
				c.answer(f.ID, ackOrError{err: e})
			}
			c.fail(e)
			return
		}
	}
}

func (c *Conn) answer(id int64, r ackOrError) {
	c.mu.Lock()
	ch := c.waiting[id]
	delete(c.waiting, id)
	c.mu.Unlock()
	if ch != nil {
		ch <- r
	}
}

// fail ends the connection once, answering every append still waiting.
func (c *Conn) fail(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return
	}
	c.err = err
	close(c.done)
	for id, ch := range c.waiting {
		ch <- ackOrError{err: err}
		delete(c.waiting, id)
	}
	c.c.CloseNow()
}
