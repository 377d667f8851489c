package inbox

// AP1..AP5 of the inbox model on the preloaded table: u_alice has 3 notifications, the
// two newest unread, and a badge of 2 (docs/models.md, "The inbox's patterns").

import (
	"fmt"
	"testing"
)

var app = &Inbox{Table: "inbox"}

func inboxApp() *Inbox {
	app.DB = db
	return app
}

func TestAP1RecentNotificationsNewestFirstWithPaging(t *testing.T) {
	dynamo.ResetT(t)
	first, cursor, err := inboxApp().Recent(ctx, "u_alice", 2, nil)
	check(t, err)
	if len(first) != 2 || first[0].Type != "follow" || first[1].Type != "comment" || cursor == nil {
		t.Fatalf("first page %+v", first)
	}
	second, cursor, err := app.Recent(ctx, "u_alice", 2, cursor)
	check(t, err)
	if len(second) != 1 || second[0].Type != "like" || !second[0].Read || cursor != nil {
		t.Fatalf("second page %+v, cursor %v", second, cursor)
	}
	if first[1].Payload["preview"] != "Carol commented: Nice shot!" {
		t.Fatalf("payload %v", first[1].Payload)
	}
}

func TestAP2BadgeAndAP4UnreadList(t *testing.T) {
	dynamo.ResetT(t)
	meta, err := inboxApp().Badge(ctx, "u_alice")
	check(t, err)
	unread, err := app.Unread(ctx, "u_alice")
	check(t, err)
	if meta.UnreadCount != 2 || len(unread) != 2 || unread[0].Type != "comment" || unread[1].Type != "follow" {
		t.Fatalf("badge %d, unread %+v", meta.UnreadCount, unread)
	}
	nobody, err := app.Badge(ctx, "u_nobody")
	check(t, err)
	if nobody.UnreadCount != 0 {
		t.Fatalf("badge of a user without an inbox: %d", nobody.UnreadCount)
	}
}

func TestAP3MarkOneReadOnlyOnce(t *testing.T) {
	dynamo.ResetT(t)
	unread, err := inboxApp().Unread(ctx, "u_alice")
	check(t, err)
	marked, err := app.MarkRead(ctx, "u_alice", unread[0].NotifID, "2024-05-04T00:00:00Z")
	check(t, err)
	again, err := app.MarkRead(ctx, "u_alice", unread[0].NotifID, "2024-05-04T00:00:01Z")
	check(t, err)
	meta, err := app.Badge(ctx, "u_alice")
	check(t, err)
	left, err := app.Unread(ctx, "u_alice")
	check(t, err)
	if !marked || again || meta.UnreadCount != 1 || len(left) != 1 || left[0].NotifID != unread[1].NotifID {
		t.Fatalf("marked %v again %v badge %d left %+v", marked, again, meta.UnreadCount, left)
	}
}

func TestAP5MarkAllReadAtOnceThenAResumableBackgroundJob(t *testing.T) {
	dynamo.ResetT(t)
	bob := inboxApp()
	for i := 0; i < 60; i++ { // ULID-like ids that sort in delivery order
		n := NewNotification("u_bob", fmt.Sprintf("01J0000000000000000000%04d", i), "like", "u_alice", "hi", "2024-06-01T00:00:00Z")
		check(t, bob.Deliver(ctx, n))
	}
	check(t, bob.StartReadAll(ctx, "u_bob", "01J0000000000000000001JOB0", "2024-06-02T00:00:00Z"))
	late := NewNotification("u_bob", "01J0000000000000000002LATE", "like", "u_carol", "after", "2024-06-02T00:00:01Z")
	check(t, bob.Deliver(ctx, late))
	if meta, err := bob.Badge(ctx, "u_bob"); err != nil || meta.UnreadCount != 1 {
		t.Fatalf("badge at once: %+v %v (the late one only)", meta, err)
	}
	jobs, err := bob.PendingJobs(ctx)
	check(t, err)
	if len(jobs) != 1 || jobs[0].Status != "PENDING" {
		t.Fatalf("pending jobs %+v", jobs)
	}
	done, err := bob.RunReadAllJob(ctx, jobs[0], 25, 1, "2024-06-02T00:00:02Z") // stops after a page
	check(t, err)
	if unread, _ := bob.Unread(ctx, "u_bob"); done || len(unread) != 36 {
		t.Fatalf("after one page: done %v, %d unread", done, len(unread))
	}
	jobs, err = bob.PendingJobs(ctx) // as after a restart
	check(t, err)
	done, err = bob.RunReadAllJob(ctx, jobs[0], 25, 0, "2024-06-02T00:00:03Z")
	check(t, err)
	unread, err := bob.Unread(ctx, "u_bob")
	check(t, err)
	jobs, _ = bob.PendingJobs(ctx)
	if !done || len(unread) != 1 || unread[0].NotifID != late.NotifID || len(jobs) != 0 {
		t.Fatalf("finished %v, unread %+v, pending %+v", done, unread, jobs)
	}
	recent, _, err := bob.Recent(ctx, "u_bob", 100, nil)
	check(t, err)
	if len(recent) != 61 || !recent[60].Read || recent[0].Read {
		t.Fatalf("%d notifications", len(recent))
	}
}
