from typing import Literal

EventType = Literal[
    "contact_entry.resolved",
    "contact_exclusion.created",
    "event.resolved",
    "hot_lead.created",
    "invitation.accepted",
    "invitation.sent",
    "meeting.created",
    "message.link_clicked",
    "message.opened",
    "message.replied",
    "message.sent",
    "sequence.completed",
    "sequence.created",
    "sequence.paused",
    "sequence.resumed",
    "sequence.stopped",
    "task.completed",
    "task.created",
    "task.reopened",
    "task.skipped",
]

EVENT_TYPE_VALUES: set[EventType] = {
    "contact_entry.resolved",
    "contact_exclusion.created",
    "event.resolved",
    "hot_lead.created",
    "invitation.accepted",
    "invitation.sent",
    "meeting.created",
    "message.link_clicked",
    "message.opened",
    "message.replied",
    "message.sent",
    "sequence.completed",
    "sequence.created",
    "sequence.paused",
    "sequence.resumed",
    "sequence.stopped",
    "task.completed",
    "task.created",
    "task.reopened",
    "task.skipped",
}


def check_event_type(value: str) -> EventType:
    if value in EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EVENT_TYPE_VALUES!r}")
