package ui

import (
	"brass/app"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// onlineNotices shows the last few things an online game told its players: a refused move,
// a device that holds another game, an undo answer.
type onlineNotices struct {
	goapp.Compo

	INotices []app.Notice
}

func newOnlineNotices() *onlineNotices { return &onlineNotices{} }

// Notices sets what to show, oldest first; the last three are shown.
func (n *onlineNotices) Notices(list []app.Notice) *onlineNotices {
	if len(list) > 3 {
		list = list[len(list)-3:]
	}
	n.INotices = append([]app.Notice(nil), list...)
	return n
}

func (n *onlineNotices) Render() goapp.UI {
	items := make([]goapp.UI, len(n.INotices))
	for i, x := range n.INotices {
		cls := "online-notice"
		if x.Bad {
			cls += " online-notice-bad"
		}
		items[i] = goapp.Li().Class(cls).Text(x.Text)
	}
	return goapp.Ul().ID("online-notices").Class("online-notices").Aria("live", "polite").Body(items...)
}
