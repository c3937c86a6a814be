from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_task_messages_sort_order import ListTaskMessagesSortOrder
from ...models.message_page import MessagePage
from ...types import UNSET, Response, Unset


def _get_kwargs(
    task_id: UUID,
    *,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_order: ListTaskMessagesSortOrder | Unset = "asc",
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["page"] = page

    params["size"] = size

    json_sort_order: str | Unset = UNSET
    if not isinstance(sort_order, Unset):
        json_sort_order = sort_order

    params["sort_order"] = json_sort_order

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/tasks/{task_id}/messages".format(
            task_id=quote(str(task_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | MessagePage | None:
    if response.status_code == 200:
        response_200 = MessagePage.from_dict(response.json())

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

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | MessagePage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    task_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_order: ListTaskMessagesSortOrder | Unset = "asc",
) -> Response[Error | MessagePage]:
    """The message thread of a task

     Oldest first, records as GET /v1/messages serves them. EMAIL_REPLY / LINKEDIN_REPLY: the messages of
    the task's sequence on that channel (the contact's reply and the team's messages, including replies
    sent with execute); other sequence tasks: every message of the sequence; a standalone task: none.

    Args:
        task_id (UUID):
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_order (ListTaskMessagesSortOrder | Unset): By sent_at; default `asc` (oldest first).
            Default: 'asc'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | MessagePage]
    """

    kwargs = _get_kwargs(
        task_id=task_id,
        page=page,
        size=size,
        sort_order=sort_order,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    task_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_order: ListTaskMessagesSortOrder | Unset = "asc",
) -> Error | MessagePage | None:
    """The message thread of a task

     Oldest first, records as GET /v1/messages serves them. EMAIL_REPLY / LINKEDIN_REPLY: the messages of
    the task's sequence on that channel (the contact's reply and the team's messages, including replies
    sent with execute); other sequence tasks: every message of the sequence; a standalone task: none.

    Args:
        task_id (UUID):
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_order (ListTaskMessagesSortOrder | Unset): By sent_at; default `asc` (oldest first).
            Default: 'asc'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | MessagePage
    """

    return sync_detailed(
        task_id=task_id,
        client=client,
        page=page,
        size=size,
        sort_order=sort_order,
    ).parsed


async def asyncio_detailed(
    task_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_order: ListTaskMessagesSortOrder | Unset = "asc",
) -> Response[Error | MessagePage]:
    """The message thread of a task

     Oldest first, records as GET /v1/messages serves them. EMAIL_REPLY / LINKEDIN_REPLY: the messages of
    the task's sequence on that channel (the contact's reply and the team's messages, including replies
    sent with execute); other sequence tasks: every message of the sequence; a standalone task: none.

    Args:
        task_id (UUID):
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_order (ListTaskMessagesSortOrder | Unset): By sent_at; default `asc` (oldest first).
            Default: 'asc'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | MessagePage]
    """

    kwargs = _get_kwargs(
        task_id=task_id,
        page=page,
        size=size,
        sort_order=sort_order,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    task_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_order: ListTaskMessagesSortOrder | Unset = "asc",
) -> Error | MessagePage | None:
    """The message thread of a task

     Oldest first, records as GET /v1/messages serves them. EMAIL_REPLY / LINKEDIN_REPLY: the messages of
    the task's sequence on that channel (the contact's reply and the team's messages, including replies
    sent with execute); other sequence tasks: every message of the sequence; a standalone task: none.

    Args:
        task_id (UUID):
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_order (ListTaskMessagesSortOrder | Unset): By sent_at; default `asc` (oldest first).
            Default: 'asc'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | MessagePage
    """

    return (
        await asyncio_detailed(
            task_id=task_id,
            client=client,
            page=page,
            size=size,
            sort_order=sort_order,
        )
    ).parsed
