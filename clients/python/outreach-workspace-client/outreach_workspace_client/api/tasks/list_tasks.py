import datetime
from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_tasks_sort_by import ListTasksSortBy
from ...models.list_tasks_sort_order import ListTasksSortOrder
from ...models.task_page import TaskPage
from ...models.task_priority import TaskPriority
from ...models.task_status import TaskStatus
from ...models.task_type import TaskType
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListTasksSortBy | Unset = UNSET,
    sort_order: ListTasksSortOrder | Unset = "asc",
    sequence_id: UUID | Unset = UNSET,
    sequence_template_ids: list[UUID] | Unset = UNSET,
    types: list[TaskType] | Unset = UNSET,
    status: TaskStatus | Unset = UNSET,
    priorities: list[TaskPriority] | Unset = UNSET,
    assignee_user_id: UUID | Unset = UNSET,
    contact_id: UUID | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    due_date_after: datetime.date | Unset = UNSET,
    due_date_before: datetime.date | Unset = UNSET,
    snoozed: bool | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["page"] = page

    params["size"] = size

    json_sort_by: str | Unset = UNSET
    if not isinstance(sort_by, Unset):
        json_sort_by = sort_by

    params["sort_by"] = json_sort_by

    json_sort_order: str | Unset = UNSET
    if not isinstance(sort_order, Unset):
        json_sort_order = sort_order

    params["sort_order"] = json_sort_order

    json_sequence_id: str | Unset = UNSET
    if not isinstance(sequence_id, Unset):
        json_sequence_id = str(sequence_id)
    params["sequence_id"] = json_sequence_id

    json_sequence_template_ids: list[str] | Unset = UNSET
    if not isinstance(sequence_template_ids, Unset):
        json_sequence_template_ids = []
        for sequence_template_ids_item_data in sequence_template_ids:
            sequence_template_ids_item = str(sequence_template_ids_item_data)
            json_sequence_template_ids.append(sequence_template_ids_item)

    params["sequence_template_ids"] = json_sequence_template_ids

    json_types: list[str] | Unset = UNSET
    if not isinstance(types, Unset):
        json_types = []
        for types_item_data in types:
            types_item: str = types_item_data
            json_types.append(types_item)

    params["types"] = json_types

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status

    params["status"] = json_status

    json_priorities: list[str] | Unset = UNSET
    if not isinstance(priorities, Unset):
        json_priorities = []
        for priorities_item_data in priorities:
            priorities_item: str = priorities_item_data
            json_priorities.append(priorities_item)

    params["priorities"] = json_priorities

    json_assignee_user_id: str | Unset = UNSET
    if not isinstance(assignee_user_id, Unset):
        json_assignee_user_id = str(assignee_user_id)
    params["assignee_user_id"] = json_assignee_user_id

    json_contact_id: str | Unset = UNSET
    if not isinstance(contact_id, Unset):
        json_contact_id = str(contact_id)
    params["contact_id"] = json_contact_id

    json_created_after: str | Unset = UNSET
    if not isinstance(created_after, Unset):
        json_created_after = created_after.isoformat()
    params["created_after"] = json_created_after

    json_created_before: str | Unset = UNSET
    if not isinstance(created_before, Unset):
        json_created_before = created_before.isoformat()
    params["created_before"] = json_created_before

    json_due_date_after: str | Unset = UNSET
    if not isinstance(due_date_after, Unset):
        json_due_date_after = due_date_after.isoformat()
    params["due_date_after"] = json_due_date_after

    json_due_date_before: str | Unset = UNSET
    if not isinstance(due_date_before, Unset):
        json_due_date_before = due_date_before.isoformat()
    params["due_date_before"] = json_due_date_before

    params["snoozed"] = snoozed

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/tasks",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | TaskPage | None:
    if response.status_code == 200:
        response_200 = TaskPage.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = Error.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | TaskPage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListTasksSortBy | Unset = UNSET,
    sort_order: ListTasksSortOrder | Unset = "asc",
    sequence_id: UUID | Unset = UNSET,
    sequence_template_ids: list[UUID] | Unset = UNSET,
    types: list[TaskType] | Unset = UNSET,
    status: TaskStatus | Unset = UNSET,
    priorities: list[TaskPriority] | Unset = UNSET,
    assignee_user_id: UUID | Unset = UNSET,
    contact_id: UUID | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    due_date_after: datetime.date | Unset = UNSET,
    due_date_before: datetime.date | Unset = UNSET,
    snoozed: bool | Unset = UNSET,
) -> Response[Error | TaskPage]:
    """List tasks

     Default order: created_at ascending. Filters combine with AND; the repeatable ones (types,
    priorities, sequence_template_ids) match any of their values. `contact_id` matches the task's
    contact or its sequence's. created_after/created_before and the due-date bounds are strict.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListTasksSortBy | Unset): Field to order by; omitted, the endpoint default.
        sort_order (ListTasksSortOrder | Unset):  Default: 'asc'.
        sequence_id (UUID | Unset):
        sequence_template_ids (list[UUID] | Unset): Repeat the parameter; any of them.
        types (list[TaskType] | Unset): Repeat the parameter; any of them.
        status (TaskStatus | Unset):
        priorities (list[TaskPriority] | Unset): Repeat the parameter; any of them.
        assignee_user_id (UUID | Unset):
        contact_id (UUID | Unset): The task's contact or its sequence's contact.
        created_after (datetime.datetime | Unset): Created strictly after.
        created_before (datetime.datetime | Unset): Created strictly before.
        due_date_after (datetime.date | Unset): Due strictly after this date.
        due_date_before (datetime.date | Unset): Due strictly before this date.
        snoozed (bool | Unset): true: only snoozed tasks; false: only tasks not snoozed; omitted:
            both.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | TaskPage]
    """

    kwargs = _get_kwargs(
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        sequence_id=sequence_id,
        sequence_template_ids=sequence_template_ids,
        types=types,
        status=status,
        priorities=priorities,
        assignee_user_id=assignee_user_id,
        contact_id=contact_id,
        created_after=created_after,
        created_before=created_before,
        due_date_after=due_date_after,
        due_date_before=due_date_before,
        snoozed=snoozed,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListTasksSortBy | Unset = UNSET,
    sort_order: ListTasksSortOrder | Unset = "asc",
    sequence_id: UUID | Unset = UNSET,
    sequence_template_ids: list[UUID] | Unset = UNSET,
    types: list[TaskType] | Unset = UNSET,
    status: TaskStatus | Unset = UNSET,
    priorities: list[TaskPriority] | Unset = UNSET,
    assignee_user_id: UUID | Unset = UNSET,
    contact_id: UUID | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    due_date_after: datetime.date | Unset = UNSET,
    due_date_before: datetime.date | Unset = UNSET,
    snoozed: bool | Unset = UNSET,
) -> Error | TaskPage | None:
    """List tasks

     Default order: created_at ascending. Filters combine with AND; the repeatable ones (types,
    priorities, sequence_template_ids) match any of their values. `contact_id` matches the task's
    contact or its sequence's. created_after/created_before and the due-date bounds are strict.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListTasksSortBy | Unset): Field to order by; omitted, the endpoint default.
        sort_order (ListTasksSortOrder | Unset):  Default: 'asc'.
        sequence_id (UUID | Unset):
        sequence_template_ids (list[UUID] | Unset): Repeat the parameter; any of them.
        types (list[TaskType] | Unset): Repeat the parameter; any of them.
        status (TaskStatus | Unset):
        priorities (list[TaskPriority] | Unset): Repeat the parameter; any of them.
        assignee_user_id (UUID | Unset):
        contact_id (UUID | Unset): The task's contact or its sequence's contact.
        created_after (datetime.datetime | Unset): Created strictly after.
        created_before (datetime.datetime | Unset): Created strictly before.
        due_date_after (datetime.date | Unset): Due strictly after this date.
        due_date_before (datetime.date | Unset): Due strictly before this date.
        snoozed (bool | Unset): true: only snoozed tasks; false: only tasks not snoozed; omitted:
            both.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | TaskPage
    """

    return sync_detailed(
        client=client,
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        sequence_id=sequence_id,
        sequence_template_ids=sequence_template_ids,
        types=types,
        status=status,
        priorities=priorities,
        assignee_user_id=assignee_user_id,
        contact_id=contact_id,
        created_after=created_after,
        created_before=created_before,
        due_date_after=due_date_after,
        due_date_before=due_date_before,
        snoozed=snoozed,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListTasksSortBy | Unset = UNSET,
    sort_order: ListTasksSortOrder | Unset = "asc",
    sequence_id: UUID | Unset = UNSET,
    sequence_template_ids: list[UUID] | Unset = UNSET,
    types: list[TaskType] | Unset = UNSET,
    status: TaskStatus | Unset = UNSET,
    priorities: list[TaskPriority] | Unset = UNSET,
    assignee_user_id: UUID | Unset = UNSET,
    contact_id: UUID | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    due_date_after: datetime.date | Unset = UNSET,
    due_date_before: datetime.date | Unset = UNSET,
    snoozed: bool | Unset = UNSET,
) -> Response[Error | TaskPage]:
    """List tasks

     Default order: created_at ascending. Filters combine with AND; the repeatable ones (types,
    priorities, sequence_template_ids) match any of their values. `contact_id` matches the task's
    contact or its sequence's. created_after/created_before and the due-date bounds are strict.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListTasksSortBy | Unset): Field to order by; omitted, the endpoint default.
        sort_order (ListTasksSortOrder | Unset):  Default: 'asc'.
        sequence_id (UUID | Unset):
        sequence_template_ids (list[UUID] | Unset): Repeat the parameter; any of them.
        types (list[TaskType] | Unset): Repeat the parameter; any of them.
        status (TaskStatus | Unset):
        priorities (list[TaskPriority] | Unset): Repeat the parameter; any of them.
        assignee_user_id (UUID | Unset):
        contact_id (UUID | Unset): The task's contact or its sequence's contact.
        created_after (datetime.datetime | Unset): Created strictly after.
        created_before (datetime.datetime | Unset): Created strictly before.
        due_date_after (datetime.date | Unset): Due strictly after this date.
        due_date_before (datetime.date | Unset): Due strictly before this date.
        snoozed (bool | Unset): true: only snoozed tasks; false: only tasks not snoozed; omitted:
            both.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | TaskPage]
    """

    kwargs = _get_kwargs(
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        sequence_id=sequence_id,
        sequence_template_ids=sequence_template_ids,
        types=types,
        status=status,
        priorities=priorities,
        assignee_user_id=assignee_user_id,
        contact_id=contact_id,
        created_after=created_after,
        created_before=created_before,
        due_date_after=due_date_after,
        due_date_before=due_date_before,
        snoozed=snoozed,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListTasksSortBy | Unset = UNSET,
    sort_order: ListTasksSortOrder | Unset = "asc",
    sequence_id: UUID | Unset = UNSET,
    sequence_template_ids: list[UUID] | Unset = UNSET,
    types: list[TaskType] | Unset = UNSET,
    status: TaskStatus | Unset = UNSET,
    priorities: list[TaskPriority] | Unset = UNSET,
    assignee_user_id: UUID | Unset = UNSET,
    contact_id: UUID | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    due_date_after: datetime.date | Unset = UNSET,
    due_date_before: datetime.date | Unset = UNSET,
    snoozed: bool | Unset = UNSET,
) -> Error | TaskPage | None:
    """List tasks

     Default order: created_at ascending. Filters combine with AND; the repeatable ones (types,
    priorities, sequence_template_ids) match any of their values. `contact_id` matches the task's
    contact or its sequence's. created_after/created_before and the due-date bounds are strict.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListTasksSortBy | Unset): Field to order by; omitted, the endpoint default.
        sort_order (ListTasksSortOrder | Unset):  Default: 'asc'.
        sequence_id (UUID | Unset):
        sequence_template_ids (list[UUID] | Unset): Repeat the parameter; any of them.
        types (list[TaskType] | Unset): Repeat the parameter; any of them.
        status (TaskStatus | Unset):
        priorities (list[TaskPriority] | Unset): Repeat the parameter; any of them.
        assignee_user_id (UUID | Unset):
        contact_id (UUID | Unset): The task's contact or its sequence's contact.
        created_after (datetime.datetime | Unset): Created strictly after.
        created_before (datetime.datetime | Unset): Created strictly before.
        due_date_after (datetime.date | Unset): Due strictly after this date.
        due_date_before (datetime.date | Unset): Due strictly before this date.
        snoozed (bool | Unset): true: only snoozed tasks; false: only tasks not snoozed; omitted:
            both.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | TaskPage
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            size=size,
            sort_by=sort_by,
            sort_order=sort_order,
            sequence_id=sequence_id,
            sequence_template_ids=sequence_template_ids,
            types=types,
            status=status,
            priorities=priorities,
            assignee_user_id=assignee_user_id,
            contact_id=contact_id,
            created_after=created_after,
            created_before=created_before,
            due_date_after=due_date_after,
            due_date_before=due_date_before,
            snoozed=snoozed,
        )
    ).parsed
