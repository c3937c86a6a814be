from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.crm_write import CrmWrite
from ...models.crm_write_result import CrmWriteResult
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    contact_id: UUID,
    *,
    body: CrmWrite,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/contacts/{contact_id}/crm".format(
            contact_id=quote(str(contact_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CrmWriteResult | Error | None:
    if response.status_code == 200:
        response_200 = CrmWriteResult.from_dict(response.json())

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
) -> Response[CrmWriteResult | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    contact_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: CrmWrite,
) -> Response[CrmWriteResult | Error]:
    """Write properties to the CRM record of a contact

     A record not yet linked is first looked up in the CRM by identity (account: domain; contact: email,
    then LinkedIn URL) and linked, else created there; a linked record is updated. Properties not named
    are left untouched. The sandbox CRM holds crm-company-acme (acme.test), crm-company-globex
    (globex.test), crm-contact-ada (ada@acme.test) and crm-contact-grace (grace@globex.test). A property
    named twice in `fields` is refused with 422 (ValidationIssue naming the repeat,
    `fields[i].property`); nothing is written.

    Args:
        contact_id (UUID):
        body (CrmWrite):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CrmWriteResult | Error]
    """

    kwargs = _get_kwargs(
        contact_id=contact_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    contact_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: CrmWrite,
) -> CrmWriteResult | Error | None:
    """Write properties to the CRM record of a contact

     A record not yet linked is first looked up in the CRM by identity (account: domain; contact: email,
    then LinkedIn URL) and linked, else created there; a linked record is updated. Properties not named
    are left untouched. The sandbox CRM holds crm-company-acme (acme.test), crm-company-globex
    (globex.test), crm-contact-ada (ada@acme.test) and crm-contact-grace (grace@globex.test). A property
    named twice in `fields` is refused with 422 (ValidationIssue naming the repeat,
    `fields[i].property`); nothing is written.

    Args:
        contact_id (UUID):
        body (CrmWrite):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CrmWriteResult | Error
    """

    return sync_detailed(
        contact_id=contact_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    contact_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: CrmWrite,
) -> Response[CrmWriteResult | Error]:
    """Write properties to the CRM record of a contact

     A record not yet linked is first looked up in the CRM by identity (account: domain; contact: email,
    then LinkedIn URL) and linked, else created there; a linked record is updated. Properties not named
    are left untouched. The sandbox CRM holds crm-company-acme (acme.test), crm-company-globex
    (globex.test), crm-contact-ada (ada@acme.test) and crm-contact-grace (grace@globex.test). A property
    named twice in `fields` is refused with 422 (ValidationIssue naming the repeat,
    `fields[i].property`); nothing is written.

    Args:
        contact_id (UUID):
        body (CrmWrite):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CrmWriteResult | Error]
    """

    kwargs = _get_kwargs(
        contact_id=contact_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    contact_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: CrmWrite,
) -> CrmWriteResult | Error | None:
    """Write properties to the CRM record of a contact

     A record not yet linked is first looked up in the CRM by identity (account: domain; contact: email,
    then LinkedIn URL) and linked, else created there; a linked record is updated. Properties not named
    are left untouched. The sandbox CRM holds crm-company-acme (acme.test), crm-company-globex
    (globex.test), crm-contact-ada (ada@acme.test) and crm-contact-grace (grace@globex.test). A property
    named twice in `fields` is refused with 422 (ValidationIssue naming the repeat,
    `fields[i].property`); nothing is written.

    Args:
        contact_id (UUID):
        body (CrmWrite):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CrmWriteResult | Error
    """

    return (
        await asyncio_detailed(
            contact_id=contact_id,
            client=client,
            body=body,
        )
    ).parsed
