from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.sequence_template_step_type import SequenceTemplateStepType, check_sequence_template_step_type
from ..types import UNSET, Unset

T = TypeVar("T", bound="SequenceTemplateStep")


@_attrs_define
class SequenceTemplateStep:
    """
    Attributes:
        type_ (SequenceTemplateStepType):
        delay_days (float): Days after the previous step (after enrollment for the first one); fractions allowed.
        body (str): Message, note or call script, 20000 characters at most. A Liquid template (`{{ first_name }}`, `{{
            company_name | default: "your team" }}`) over contact fields (first_name, last_name, email, job_title,
            company_name, company_domain, linkedin_url, phone), account fields (account_name, account_domain), sender fields
            (sender_name, sender_email) and custom variables (account variables, overridden by contact variables, overridden
            by the run's variables). A missing or null variable renders as an empty string: use the `default` filter for a
            fallback. Output is plain text, never HTML-escaped. A syntax error or an unknown filter: 422 naming the field;
            include/render/layout tags find no partials.
        subject (None | str | Unset): EMAIL steps only, required there. 500 characters at most. A Liquid template (`{{
            first_name }}`, `{{ company_name | default: "your team" }}`) over contact fields (first_name, last_name, email,
            job_title, company_name, company_domain, linkedin_url, phone), account fields (account_name, account_domain),
            sender fields (sender_name, sender_email) and custom variables (account variables, overridden by contact
            variables, overridden by the run's variables). A missing or null variable renders as an empty string: use the
            `default` filter for a fallback. Output is plain text, never HTML-escaped. A syntax error or an unknown filter:
            422 naming the field; include/render/layout tags find no partials.
    """

    type_: SequenceTemplateStepType
    delay_days: float
    body: str
    subject: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        delay_days = self.delay_days

        body = self.body

        subject: None | str | Unset
        if isinstance(self.subject, Unset):
            subject = UNSET
        else:
            subject = self.subject

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "delay_days": delay_days,
                "body": body,
            }
        )
        if subject is not UNSET:
            field_dict["subject"] = subject

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = check_sequence_template_step_type(d.pop("type"))

        delay_days = d.pop("delay_days")

        body = d.pop("body")

        def _parse_subject(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        subject = _parse_subject(d.pop("subject", UNSET))

        sequence_template_step = cls(
            type_=type_,
            delay_days=delay_days,
            body=body,
            subject=subject,
        )

        return sequence_template_step
