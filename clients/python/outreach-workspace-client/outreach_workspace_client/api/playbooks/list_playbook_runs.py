from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_playbook_runs_sort_by import ListPlaybookRunsSortBy
from ...models.list_playbook_runs_sort_order import ListPlaybookRunsSortOrder
from ...models.list_playbook_runs_status import ListPlaybookRunsStatus
from ...models.playbook_run_page import PlaybookRunPage
from ...types import UNSET, Response, Unset


def _get_kwargs(
    playbook_id: UUID,
    *,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListPlaybookRunsSortBy | Unset = UNSET,
    sort_order: ListPlaybookRunsSortOrder | Unset = "asc",
    status: ListPlaybookRunsStatus | Unset = UNSET,
    event_id: UUID | Unset = UNSET,
    contact_id: UUID | Unset = UNSET,
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

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status

    params["status"] = json_status

    json_event_id: str | Unset = UNSET
    if not isinstance(event_id, Unset):
        json_event_id = str(event_id)
    params["event_id"] = json_event_id

    json_contact_id: str | Unset = UNSET
    if not isinstance(contact_id, Unset):
        json_contact_id = str(contact_id)
    params["contact_id"] = json_contact_id

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/playbooks/{playbook_id}/runs".format(
            playbook_id=quote(str(playbook_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | PlaybookRunPage | None:
    if response.status_code == 200:
        response_200 = PlaybookRunPage.from_dict(response.json())

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | PlaybookRunPage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    playbook_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListPlaybookRunsSortBy | Unset = UNSET,
    sort_order: ListPlaybookRunsSortOrder | Unset = "asc",
    status: ListPlaybookRunsStatus | Unset = UNSET,
    event_id: UUID | Unset = UNSET,
    contact_id: UUID | Unset = UNSET,
) -> Response[Error | PlaybookRunPage]:
    """The runs of a playbook

     One run per (playbook, ingested event). Default order: created_at ascending. Filters: status,
    event_id, contact_id.

    Args:
        playbook_id (UUID):
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListPlaybookRunsSortBy | Unset): Field to order by; omitted, the endpoint
            default.
        sort_order (ListPlaybookRunsSortOrder | Unset):  Default: 'asc'.
        status (ListPlaybookRunsStatus | Unset):
        event_id (UUID | Unset):
        contact_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PlaybookRunPage]
    """

    kwargs = _get_kwargs(
        playbook_id=playbook_id,
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        status=status,
        event_id=event_id,
        contact_id=contact_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    playbook_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListPlaybookRunsSortBy | Unset = UNSET,
    sort_order: ListPlaybookRunsSortOrder | Unset = "asc",
    status: ListPlaybookRunsStatus | Unset = UNSET,
    event_id: UUID | Unset = UNSET,
    contact_id: UUID | Unset = UNSET,
) -> Error | PlaybookRunPage | None:
    """The runs of a playbook

     One run per (playbook, ingested event). Default order: created_at ascending. Filters: status,
    event_id, contact_id.

    Args:
        playbook_id (UUID):
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListPlaybookRunsSortBy | Unset): Field to order by; omitted, the endpoint
            default.
        sort_order (ListPlaybookRunsSortOrder | Unset):  Default: 'asc'.
        status (ListPlaybookRunsStatus | Unset):
        event_id (UUID | Unset):
        contact_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PlaybookRunPage
    """

    return sync_detailed(
        playbook_id=playbook_id,
        client=client,
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        status=status,
        event_id=event_id,
        contact_id=contact_id,
    ).parsed


async def asyncio_detailed(
    playbook_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListPlaybookRunsSortBy | Unset = UNSET,
    sort_order: ListPlaybookRunsSortOrder | Unset = "asc",
    status: ListPlaybookRunsStatus | Unset = UNSET,
    event_id: UUID | Unset = UNSET,
    contact_id: UUID | Unset = UNSET,
) -> Response[Error | PlaybookRunPage]:
    """The runs of a playbook

     One run per (playbook, ingested event). Default order: created_at ascending. Filters: status,
    event_id, contact_id.

    Args:
        playbook_id (UUID):
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListPlaybookRunsSortBy | Unset): Field to order by; omitted, the endpoint
            default.
        sort_order (ListPlaybookRunsSortOrder | Unset):  Default: 'asc'.
        status (ListPlaybookRunsStatus | Unset):
        event_id (UUID | Unset):
        contact_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PlaybookRunPage]
    """

    kwargs = _get_kwargs(
        playbook_id=playbook_id,
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        status=status,
        event_id=event_id,
        contact_id=contact_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    playbook_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListPlaybookRunsSortBy | Unset = UNSET,
    sort_order: ListPlaybookRunsSortOrder | Unset = "asc",
    status: ListPlaybookRunsStatus | Unset = UNSET,
    event_id: UUID | Unset = UNSET,
    contact_id: UUID | Unset = UNSET,
) -> Error | PlaybookRunPage | None:
    """The runs of a playbook

     One run per (playbook, ingested event). Default order: created_at ascending. Filters: status,
    event_id, contact_id.

    Args:
        playbook_id (UUID):
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListPlaybookRunsSortBy | Unset): Field to order by; omitted, the endpoint
            default.
        sort_order (ListPlaybookRunsSortOrder | Unset):  Default: 'asc'.
        status (ListPlaybookRunsStatus | Unset):
        event_id (UUID | Unset):
        contact_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PlaybookRunPage
    """

    return (
        await asyncio_detailed(
            playbook_id=playbook_id,
            client=client,
            page=page,
            size=size,
            sort_by=sort_by,
            sort_order=sort_order,
            status=status,
            event_id=event_id,
            contact_id=contact_id,
        )
    ).parsed
