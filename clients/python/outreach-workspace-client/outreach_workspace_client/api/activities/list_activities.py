import datetime
from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.activity_channel import ActivityChannel
from ...models.activity_page import ActivityPage
from ...models.activity_resource_type import ActivityResourceType
from ...models.error import Error
from ...models.event_type import EventType
from ...models.list_activities_sort_by import ListActivitiesSortBy
from ...models.list_activities_sort_order import ListActivitiesSortOrder
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListActivitiesSortBy | Unset = UNSET,
    sort_order: ListActivitiesSortOrder | Unset = "desc",
    contact_id: UUID | Unset = UNSET,
    sequence_id: UUID | Unset = UNSET,
    sequence_template_id: UUID | Unset = UNSET,
    resource_type: ActivityResourceType | Unset = UNSET,
    channel: ActivityChannel | Unset = UNSET,
    types: list[EventType] | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
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

    json_contact_id: str | Unset = UNSET
    if not isinstance(contact_id, Unset):
        json_contact_id = str(contact_id)
    params["contact_id"] = json_contact_id

    json_sequence_id: str | Unset = UNSET
    if not isinstance(sequence_id, Unset):
        json_sequence_id = str(sequence_id)
    params["sequence_id"] = json_sequence_id

    json_sequence_template_id: str | Unset = UNSET
    if not isinstance(sequence_template_id, Unset):
        json_sequence_template_id = str(sequence_template_id)
    params["sequence_template_id"] = json_sequence_template_id

    json_resource_type: str | Unset = UNSET
    if not isinstance(resource_type, Unset):
        json_resource_type = resource_type

    params["resource_type"] = json_resource_type

    json_channel: str | Unset = UNSET
    if not isinstance(channel, Unset):
        json_channel = channel

    params["channel"] = json_channel

    json_types: list[str] | Unset = UNSET
    if not isinstance(types, Unset):
        json_types = []
        for types_item_data in types:
            types_item: str = types_item_data
            json_types.append(types_item)

    params["types"] = json_types

    json_created_after: str | Unset = UNSET
    if not isinstance(created_after, Unset):
        json_created_after = created_after.isoformat()
    params["created_after"] = json_created_after

    json_created_before: str | Unset = UNSET
    if not isinstance(created_before, Unset):
        json_created_before = created_before.isoformat()
    params["created_before"] = json_created_before

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/activities",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ActivityPage | Error | None:
    if response.status_code == 200:
        response_200 = ActivityPage.from_dict(response.json())

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ActivityPage | Error]:
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
    sort_by: ListActivitiesSortBy | Unset = UNSET,
    sort_order: ListActivitiesSortOrder | Unset = "desc",
    contact_id: UUID | Unset = UNSET,
    sequence_id: UUID | Unset = UNSET,
    sequence_template_id: UUID | Unset = UNSET,
    resource_type: ActivityResourceType | Unset = UNSET,
    channel: ActivityChannel | Unset = UNSET,
    types: list[EventType] | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
) -> Response[ActivityPage | Error]:
    """List activities

     Default order: created_at descending (newest first), unlike other lists; `sort_order=asc` reads
    oldest first. Filters combine with AND; `types` is repeatable and matches any of its values.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListActivitiesSortBy | Unset): Field to order by; omitted, the endpoint default.
        sort_order (ListActivitiesSortOrder | Unset): Default `desc` (newest first) for the
            activity stream. Default: 'desc'.
        contact_id (UUID | Unset): Activities of this contact.
        sequence_id (UUID | Unset): Activities of this sequence.
        sequence_template_id (UUID | Unset): Activities of sequences of this template.
        resource_type (ActivityResourceType | Unset): What the event is about.
        channel (ActivityChannel | Unset): The channel of the event: EMAIL, LINKEDIN or MANUAL
            (tasks, meetings).
        types (list[EventType] | Unset): Event types to include (repeat the parameter:
            `types=message.sent&types=message.replied`); omitted, all types.
        created_after (datetime.datetime | Unset): Strictly after.
        created_before (datetime.datetime | Unset): Strictly before.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ActivityPage | Error]
    """

    kwargs = _get_kwargs(
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        contact_id=contact_id,
        sequence_id=sequence_id,
        sequence_template_id=sequence_template_id,
        resource_type=resource_type,
        channel=channel,
        types=types,
        created_after=created_after,
        created_before=created_before,
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
    sort_by: ListActivitiesSortBy | Unset = UNSET,
    sort_order: ListActivitiesSortOrder | Unset = "desc",
    contact_id: UUID | Unset = UNSET,
    sequence_id: UUID | Unset = UNSET,
    sequence_template_id: UUID | Unset = UNSET,
    resource_type: ActivityResourceType | Unset = UNSET,
    channel: ActivityChannel | Unset = UNSET,
    types: list[EventType] | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
) -> ActivityPage | Error | None:
    """List activities

     Default order: created_at descending (newest first), unlike other lists; `sort_order=asc` reads
    oldest first. Filters combine with AND; `types` is repeatable and matches any of its values.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListActivitiesSortBy | Unset): Field to order by; omitted, the endpoint default.
        sort_order (ListActivitiesSortOrder | Unset): Default `desc` (newest first) for the
            activity stream. Default: 'desc'.
        contact_id (UUID | Unset): Activities of this contact.
        sequence_id (UUID | Unset): Activities of this sequence.
        sequence_template_id (UUID | Unset): Activities of sequences of this template.
        resource_type (ActivityResourceType | Unset): What the event is about.
        channel (ActivityChannel | Unset): The channel of the event: EMAIL, LINKEDIN or MANUAL
            (tasks, meetings).
        types (list[EventType] | Unset): Event types to include (repeat the parameter:
            `types=message.sent&types=message.replied`); omitted, all types.
        created_after (datetime.datetime | Unset): Strictly after.
        created_before (datetime.datetime | Unset): Strictly before.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ActivityPage | Error
    """

    return sync_detailed(
        client=client,
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        contact_id=contact_id,
        sequence_id=sequence_id,
        sequence_template_id=sequence_template_id,
        resource_type=resource_type,
        channel=channel,
        types=types,
        created_after=created_after,
        created_before=created_before,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListActivitiesSortBy | Unset = UNSET,
    sort_order: ListActivitiesSortOrder | Unset = "desc",
    contact_id: UUID | Unset = UNSET,
    sequence_id: UUID | Unset = UNSET,
    sequence_template_id: UUID | Unset = UNSET,
    resource_type: ActivityResourceType | Unset = UNSET,
    channel: ActivityChannel | Unset = UNSET,
    types: list[EventType] | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
) -> Response[ActivityPage | Error]:
    """List activities

     Default order: created_at descending (newest first), unlike other lists; `sort_order=asc` reads
    oldest first. Filters combine with AND; `types` is repeatable and matches any of its values.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListActivitiesSortBy | Unset): Field to order by; omitted, the endpoint default.
        sort_order (ListActivitiesSortOrder | Unset): Default `desc` (newest first) for the
            activity stream. Default: 'desc'.
        contact_id (UUID | Unset): Activities of this contact.
        sequence_id (UUID | Unset): Activities of this sequence.
        sequence_template_id (UUID | Unset): Activities of sequences of this template.
        resource_type (ActivityResourceType | Unset): What the event is about.
        channel (ActivityChannel | Unset): The channel of the event: EMAIL, LINKEDIN or MANUAL
            (tasks, meetings).
        types (list[EventType] | Unset): Event types to include (repeat the parameter:
            `types=message.sent&types=message.replied`); omitted, all types.
        created_after (datetime.datetime | Unset): Strictly after.
        created_before (datetime.datetime | Unset): Strictly before.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ActivityPage | Error]
    """

    kwargs = _get_kwargs(
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        contact_id=contact_id,
        sequence_id=sequence_id,
        sequence_template_id=sequence_template_id,
        resource_type=resource_type,
        channel=channel,
        types=types,
        created_after=created_after,
        created_before=created_before,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListActivitiesSortBy | Unset = UNSET,
    sort_order: ListActivitiesSortOrder | Unset = "desc",
    contact_id: UUID | Unset = UNSET,
    sequence_id: UUID | Unset = UNSET,
    sequence_template_id: UUID | Unset = UNSET,
    resource_type: ActivityResourceType | Unset = UNSET,
    channel: ActivityChannel | Unset = UNSET,
    types: list[EventType] | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
) -> ActivityPage | Error | None:
    """List activities

     Default order: created_at descending (newest first), unlike other lists; `sort_order=asc` reads
    oldest first. Filters combine with AND; `types` is repeatable and matches any of its values.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListActivitiesSortBy | Unset): Field to order by; omitted, the endpoint default.
        sort_order (ListActivitiesSortOrder | Unset): Default `desc` (newest first) for the
            activity stream. Default: 'desc'.
        contact_id (UUID | Unset): Activities of this contact.
        sequence_id (UUID | Unset): Activities of this sequence.
        sequence_template_id (UUID | Unset): Activities of sequences of this template.
        resource_type (ActivityResourceType | Unset): What the event is about.
        channel (ActivityChannel | Unset): The channel of the event: EMAIL, LINKEDIN or MANUAL
            (tasks, meetings).
        types (list[EventType] | Unset): Event types to include (repeat the parameter:
            `types=message.sent&types=message.replied`); omitted, all types.
        created_after (datetime.datetime | Unset): Strictly after.
        created_before (datetime.datetime | Unset): Strictly before.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ActivityPage | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            size=size,
            sort_by=sort_by,
            sort_order=sort_order,
            contact_id=contact_id,
            sequence_id=sequence_id,
            sequence_template_id=sequence_template_id,
            resource_type=resource_type,
            channel=channel,
            types=types,
            created_after=created_after,
            created_before=created_before,
        )
    ).parsed
