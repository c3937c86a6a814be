from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.task_complete_completion_source import TaskCompleteCompletionSource, check_task_complete_completion_source
from ..models.task_complete_disposition import TaskCompleteDisposition, check_task_complete_disposition
from ..types import UNSET, Unset

T = TypeVar("T", bound="TaskComplete")


@_attrs_define
class TaskComplete:
    """
    Attributes:
        completion_source (TaskCompleteCompletionSource | Unset): Optional for every task type; recorded on the task.
            Default: 'TASK_EXECUTION'.
        disposition (TaskCompleteDisposition | Unset): CALL tasks only.
    """

    completion_source: TaskCompleteCompletionSource | Unset = "TASK_EXECUTION"
    disposition: TaskCompleteDisposition | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        completion_source: str | Unset = UNSET
        if not isinstance(self.completion_source, Unset):
            completion_source = self.completion_source

        disposition: str | Unset = UNSET
        if not isinstance(self.disposition, Unset):
            disposition = self.disposition

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if completion_source is not UNSET:
            field_dict["completion_source"] = completion_source
        if disposition is not UNSET:
            field_dict["disposition"] = disposition

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _completion_source = d.pop("completion_source", UNSET)
        completion_source: TaskCompleteCompletionSource | Unset
        if isinstance(_completion_source, Unset):
            completion_source = UNSET
        else:
            completion_source = check_task_complete_completion_source(_completion_source)

        _disposition = d.pop("disposition", UNSET)
        disposition: TaskCompleteDisposition | Unset
        if isinstance(_disposition, Unset):
            disposition = UNSET
        else:
            disposition = check_task_complete_disposition(_disposition)

        task_complete = cls(
            completion_source=completion_source,
            disposition=disposition,
        )

        return task_complete
