package link

import (
	"context"
	"fmt"
	"io"
	"net"
	"testing"
	"testing/synctest"
	"time"

	"github.com/tabled/tabled/hw/fwsim"
)

// lagPort is the host's end of a pipe that it reads lag late: a loaded
// host whose link is not scheduled for a while after bytes arrive. What
// the host writes goes out at once. It takes no read deadline (the link
// reads it in a goroutine of its own): the delay is in its pump.
type lagPort struct {
	conn   net.Conn
	r      *io.PipeReader
	pumped chan struct{}
}

func newLagPort(conn net.Conn, lag time.Duration) *lagPort {
	r, w := io.Pipe()
	p := &lagPort{conn: conn, r: r, pumped: make(chan struct{})}
	go func() {
		defer close(p.pumped)
		buf := make([]byte, 256)
		for {
			n, err := conn.Read(buf)
			if n > 0 {
				chunk := append([]byte(nil), buf[:n]...)
				time.Sleep(lag)
				if _, werr := w.Write(chunk); werr != nil {
					return
				}
			}
			if err != nil {
				w.CloseWithError(err)
				return
			}
		}
	}()
	return p
}

func (p *lagPort) Read(b []byte) (int, error)  { return p.r.Read(b) }
func (p *lagPort) Write(b []byte) (int, error) { return p.conn.Write(b) }

func (p *lagPort) Close() error {
	p.r.Close()
	err := p.conn.Close()
	<-p.pumped
	return err
}

// TestRebootRightAfterAnAck: a press taken and acknowledged, and the
// device reboots the moment the Ack reaches it, before its next
// heartbeat. Its latest heartbeat, sent while the Ack was on its way,
// still counted the press; the host reads everything 60 ms late (a loaded
// host), so that heartbeat is read well after the Ack left. The press was
// taken: the reboot lost nothing and the link notes no loss. Counted from
// when the host read the heartbeat, not from when the device sent it, the
// Ack looked older than the heartbeat and the press was noted lost. The
// press is made at every phase of the device's heartbeat period, 5 ms
// apart.
func TestRebootRightAfterAnAck(t *testing.T) {
	const ms = time.Millisecond
	for phase := time.Duration(0); phase < 250*ms; phase += 5 * ms {
		t.Run(fmt.Sprint(phase), func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				start := time.Now()
				clock := func() time.Duration { return time.Since(start) }
				dev := fwsim.New(fwsim.Config{Clock: clock, Latency: ms, BootID: 1, DeviceID: 7, Literal: true})
				ctx, cancel := context.WithCancel(t.Context())
				var r record
				l := New(Config{Name: "lagging", Clock: clock, MaxBackoff: 200 * ms, Logf: func(string, ...any) {},
					OnEvent: r.onEvent, OnWatermark: r.onWatermark, OnNotice: r.onNotice,
					Open: func() (Port, error) {
						host, device := net.Pipe()
						go dev.Serve(ctx, device)
						return newLagPort(host, 60*ms), nil
					}})
				done := make(chan struct{})
				go func() { l.Run(ctx); close(done) }()
				t.Cleanup(func() { cancel(); <-done })

				time.Sleep(time.Second + phase)
				dev.Press(1)
				for deadline := clock() + 5*time.Second; dev.Unacked() > 0; time.Sleep(100 * time.Microsecond) {
					if clock() > deadline {
						t.Fatalf("the press not acknowledged in 5 s: health %+v", l.Health())
					}
				}
				dev.Reboot()
				time.Sleep(3 * time.Second)
				if n := r.notices(NoticeReboot); len(n) != 1 {
					t.Fatalf("reboot notices %+v, want one", n)
				}
				if lost := r.notices(NoticeEventsLost); len(lost) > 0 {
					t.Errorf("events lost noted: %+v; the press was taken: %d events", lost, len(r.events()))
				}
			})
		})
	}
}
