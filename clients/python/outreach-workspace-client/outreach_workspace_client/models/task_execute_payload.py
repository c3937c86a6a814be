from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.task_execute_payload_disposition import (
    TaskExecutePayloadDisposition,
    check_task_execute_payload_disposition,
)
from ..models.task_execute_payload_type import TaskExecutePayloadType, check_task_execute_payload_type
from ..types import UNSET, Unset

T = TypeVar("T", bound="TaskExecutePayload")


@_attrs_define
class TaskExecutePayload:
    """Discriminated by `type`: email_reply {body, subject?} (EMAIL_REPLY), linkedin_reply {body} (LINKEDIN_REPLY), call
    {phone?, disposition?} (CALL), new_lead_review {approved} (NEW_LEAD_REVIEW), playbook_approval {approved}
    (PLAYBOOK_APPROVAL).

        Attributes:
            type_ (TaskExecutePayloadType):
            body (str | Unset): email_reply, linkedin_reply: the reply text.
            subject (str | Unset): email_reply: default "Re: " + the subject answered.
            phone (str | Unset): call: the number dialled.
            disposition (TaskExecutePayloadDisposition | Unset): call: the outcome.
            approved (bool | Unset): new_lead_review: true starts the sequence, false refuses it (LEAD_REJECTED).
                playbook_approval: true carries out the playbook run's action, false rejects the run.
    """

    type_: TaskExecutePayloadType
    body: str | Unset = UNSET
    subject: str | Unset = UNSET
    phone: str | Unset = UNSET
    disposition: TaskExecutePayloadDisposition | Unset = UNSET
    approved: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        body = self.body

        subject = self.subject

        phone = self.phone

        disposition: str | Unset = UNSET
        if not isinstance(self.disposition, Unset):
            disposition = self.disposition

        approved = self.approved

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if body is not UNSET:
            field_dict["body"] = body
        if subject is not UNSET:
            field_dict["subject"] = subject
        if phone is not UNSET:
            field_dict["phone"] = phone
        if disposition is not UNSET:
            field_dict["disposition"] = disposition
        if approved is not UNSET:
            field_dict["approved"] = approved

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = check_task_execute_payload_type(d.pop("type"))

        body = d.pop("body", UNSET)

        subject = d.pop("subject", UNSET)

        phone = d.pop("phone", UNSET)

        _disposition = d.pop("disposition", UNSET)
        disposition: TaskExecutePayloadDisposition | Unset
        if isinstance(_disposition, Unset):
            disposition = UNSET
        else:
            disposition = check_task_execute_payload_disposition(_disposition)

        approved = d.pop("approved", UNSET)

        task_execute_payload = cls(
            type_=type_,
            body=body,
            subject=subject,
            phone=phone,
            disposition=disposition,
            approved=approved,
        )

        return task_execute_payload
