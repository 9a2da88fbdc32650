package online

// Shorthands for the tests: each is one event stepped into a replica, and drain is Ready
// followed by Advance, as a shell does.

func (r *Replica) tEnter(self string)             { r.Step(Event{Kind: Entered, Peer: self}) }
func (r *Replica) tLeft()                         { r.Step(Event{Kind: Left}) }
func (r *Replica) tOpen(id string)                { r.Step(Event{Kind: Opened, Peer: id}) }
func (r *Replica) tClose(id string)               { r.Step(Event{Kind: Closed, Peer: id}) }
func (r *Replica) tQuiet(id string)               { r.Step(Event{Kind: Quiet, Peer: id}) }
func (r *Replica) tHeard(id string)               { r.Step(Event{Kind: Heard, Peer: id}) }
func (r *Replica) tReceive(from string, b []byte) { r.Step(Event{Kind: Message, Peer: from, Data: b}) }
func (r *Replica) tFire(t Timer)                  { r.Step(Event{Kind: Fired, Timer: t}) }

func (r *Replica) drain() Ready {
	rd := r.Ready()
	r.Advance()
	return rd
}
