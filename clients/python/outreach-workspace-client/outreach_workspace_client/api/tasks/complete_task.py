from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.task import Task
from ...models.task_complete import TaskComplete
from ...types import UNSET, Response, Unset


def _get_kwargs(
    task_id: UUID,
    *,
    body: TaskComplete | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/tasks/{task_id}/complete".format(
            task_id=quote(str(task_id), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | Task | None:
    if response.status_code == 200:
        response_200 = Task.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | Task]:
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
    body: TaskComplete | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | Task]:
    """Complete a task

     PENDING or IN_PROGRESS to COMPLETED, recording completion_source (optional for every task type,
    default TASK_EXECUTION) and, for CALL tasks, the disposition. Records the outcome only: nothing is
    sent (use execute for that); a NEW_LEAD_REVIEW's sequence stays FOUND (execute new_lead_review
    decides it). A CALL step of a sequence moves on; a reply task's sequence, halted by the reply, waits
    for the lead (WAITING_FOR_LEAD) once none of its reply or CALL tasks is open. Emits task.completed
    (sequence tasks and to-dos). Exception: completing a PLAYBOOK_APPROVAL task, with any
    completion_source, approves its playbook run and carries the action out, as execute
    playbook_approval with approved true does (skip the task to reject the run; a run already decided:
    409).

    Args:
        task_id (UUID):
        idempotency_key (str | Unset):
        body (TaskComplete | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Task]
    """

    kwargs = _get_kwargs(
        task_id=task_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    task_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: TaskComplete | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Error | Task | None:
    """Complete a task

     PENDING or IN_PROGRESS to COMPLETED, recording completion_source (optional for every task type,
    default TASK_EXECUTION) and, for CALL tasks, the disposition. Records the outcome only: nothing is
    sent (use execute for that); a NEW_LEAD_REVIEW's sequence stays FOUND (execute new_lead_review
    decides it). A CALL step of a sequence moves on; a reply task's sequence, halted by the reply, waits
    for the lead (WAITING_FOR_LEAD) once none of its reply or CALL tasks is open. Emits task.completed
    (sequence tasks and to-dos). Exception: completing a PLAYBOOK_APPROVAL task, with any
    completion_source, approves its playbook run and carries the action out, as execute
    playbook_approval with approved true does (skip the task to reject the run; a run already decided:
    409).

    Args:
        task_id (UUID):
        idempotency_key (str | Unset):
        body (TaskComplete | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Task
    """

    return sync_detailed(
        task_id=task_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    task_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: TaskComplete | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | Task]:
    """Complete a task

     PENDING or IN_PROGRESS to COMPLETED, recording completion_source (optional for every task type,
    default TASK_EXECUTION) and, for CALL tasks, the disposition. Records the outcome only: nothing is
    sent (use execute for that); a NEW_LEAD_REVIEW's sequence stays FOUND (execute new_lead_review
    decides it). A CALL step of a sequence moves on; a reply task's sequence, halted by the reply, waits
    for the lead (WAITING_FOR_LEAD) once none of its reply or CALL tasks is open. Emits task.completed
    (sequence tasks and to-dos). Exception: completing a PLAYBOOK_APPROVAL task, with any
    completion_source, approves its playbook run and carries the action out, as execute
    playbook_approval with approved true does (skip the task to reject the run; a run already decided:
    409).

    Args:
        task_id (UUID):
        idempotency_key (str | Unset):
        body (TaskComplete | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Task]
    """

    kwargs = _get_kwargs(
        task_id=task_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    task_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: TaskComplete | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Error | Task | None:
    """Complete a task

     PENDING or IN_PROGRESS to COMPLETED, recording completion_source (optional for every task type,
    default TASK_EXECUTION) and, for CALL tasks, the disposition. Records the outcome only: nothing is
    sent (use execute for that); a NEW_LEAD_REVIEW's sequence stays FOUND (execute new_lead_review
    decides it). A CALL step of a sequence moves on; a reply task's sequence, halted by the reply, waits
    for the lead (WAITING_FOR_LEAD) once none of its reply or CALL tasks is open. Emits task.completed
    (sequence tasks and to-dos). Exception: completing a PLAYBOOK_APPROVAL task, with any
    completion_source, approves its playbook run and carries the action out, as execute
    playbook_approval with approved true does (skip the task to reject the run; a run already decided:
    409).

    Args:
        task_id (UUID):
        idempotency_key (str | Unset):
        body (TaskComplete | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Task
    """

    return (
        await asyncio_detailed(
            task_id=task_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
