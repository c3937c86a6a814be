from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.sequence_template import SequenceTemplate
from ...models.sequence_template_update import SequenceTemplateUpdate
from ...types import Response


def _get_kwargs(
    sequence_template_id: UUID,
    *,
    body: SequenceTemplateUpdate,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/sequence-templates/{sequence_template_id}".format(
            sequence_template_id=quote(str(sequence_template_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | SequenceTemplate | None:
    if response.status_code == 200:
        response_200 = SequenceTemplate.from_dict(response.json())

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

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

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
) -> Response[Error | SequenceTemplate]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    sequence_template_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: SequenceTemplateUpdate,
) -> Response[Error | SequenceTemplate]:
    """Update a sequence template

     Any create field; only fields sent change (steps are replaced as a whole). The first change to
    ACTIVE sets activated_at, which later changes keep. Status effects on running sequences: INACTIVE
    (or PENDING_SETUP) holds them before their next step; ACTIVE or FINISHING lets held ones go on;
    ARCHIVED ends them STOPPED_EARLY with stopped_reason TEMPLATE_STOPPED. Only ACTIVE templates take
    enrollments.

    Args:
        sequence_template_id (UUID):
        body (SequenceTemplateUpdate): Fields sent change; omitted ones stay.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SequenceTemplate]
    """

    kwargs = _get_kwargs(
        sequence_template_id=sequence_template_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    sequence_template_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: SequenceTemplateUpdate,
) -> Error | SequenceTemplate | None:
    """Update a sequence template

     Any create field; only fields sent change (steps are replaced as a whole). The first change to
    ACTIVE sets activated_at, which later changes keep. Status effects on running sequences: INACTIVE
    (or PENDING_SETUP) holds them before their next step; ACTIVE or FINISHING lets held ones go on;
    ARCHIVED ends them STOPPED_EARLY with stopped_reason TEMPLATE_STOPPED. Only ACTIVE templates take
    enrollments.

    Args:
        sequence_template_id (UUID):
        body (SequenceTemplateUpdate): Fields sent change; omitted ones stay.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SequenceTemplate
    """

    return sync_detailed(
        sequence_template_id=sequence_template_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    sequence_template_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: SequenceTemplateUpdate,
) -> Response[Error | SequenceTemplate]:
    """Update a sequence template

     Any create field; only fields sent change (steps are replaced as a whole). The first change to
    ACTIVE sets activated_at, which later changes keep. Status effects on running sequences: INACTIVE
    (or PENDING_SETUP) holds them before their next step; ACTIVE or FINISHING lets held ones go on;
    ARCHIVED ends them STOPPED_EARLY with stopped_reason TEMPLATE_STOPPED. Only ACTIVE templates take
    enrollments.

    Args:
        sequence_template_id (UUID):
        body (SequenceTemplateUpdate): Fields sent change; omitted ones stay.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SequenceTemplate]
    """

    kwargs = _get_kwargs(
        sequence_template_id=sequence_template_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    sequence_template_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: SequenceTemplateUpdate,
) -> Error | SequenceTemplate | None:
    """Update a sequence template

     Any create field; only fields sent change (steps are replaced as a whole). The first change to
    ACTIVE sets activated_at, which later changes keep. Status effects on running sequences: INACTIVE
    (or PENDING_SETUP) holds them before their next step; ACTIVE or FINISHING lets held ones go on;
    ARCHIVED ends them STOPPED_EARLY with stopped_reason TEMPLATE_STOPPED. Only ACTIVE templates take
    enrollments.

    Args:
        sequence_template_id (UUID):
        body (SequenceTemplateUpdate): Fields sent change; omitted ones stay.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SequenceTemplate
    """

    return (
        await asyncio_detailed(
            sequence_template_id=sequence_template_id,
            client=client,
            body=body,
        )
    ).parsed
